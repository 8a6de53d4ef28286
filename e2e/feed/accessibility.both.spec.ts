import { wcagFindings } from '../support/axe';
import type { Page } from '@playwright/test';
import { expect, openLoggedIn, test } from '../support/fixtures';
import { expectNoViolationsInEitherTheme } from '../profile/a11y-helpers';
import { EVERYONE, isPhone, postCard, timeLink } from './feed-helpers';


/**
 * Runs `check` while the page's clock is paused, all but a millisecond at a time: axe waits on
 * timers due at once (setTimeout 0), which fire only as the clock moves on.
 */
async function whileClockHeld(page: Page, check: () => Promise<void>) {
  let done = false;
  const checking = check().finally(() => (done = true));
  checking.catch(() => {}); // a failure is reported where it is awaited, below
  while (!done) {
    await page.clock.runFor(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await checking;
}

for (const [path, title] of [
  ['/home', 'Home'],
  ['/explore', 'Explore'],
  ['/bookmarks', 'Your Bookmarks'],
  ['/likedpost', 'Liked Post'],
] as const) {
  test(`${path} has no detectable accessibility violations`, async ({ page }) => {
    test.slow();
    await openLoggedIn(page, path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    expect(await wcagFindings(page, 'main')).toEqual([]);
  });
}

test('the own post’s options menu, the delete question and its Undo toast (in either theme), and the composer dialog have no detectable accessibility violations', async ({
  page,
}, testInfo) => {
  test.slow();
  // 'Post Deleted!' offers Undo for five seconds (UNDO_WINDOW_MS), less than two scans can take on a
  // busy machine: the page's clock (running as the real one until then) is held while it is checked.
  await page.clock.install();
  await openLoggedIn(page);
  const card = postCard(page, 'Hello Chirp!');
  await card.getByRole('button', { name: 'Post options' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Edit Post', 'Delete Post']);
  await expectNoViolationsInEitherTheme(page, 'the own post’s options menu', '[role="menu"]');
  await menu.getByRole('menuitem', { name: 'Delete Post' }).click();
  const question = page.getByRole('dialog', { name: 'Delete post?' });
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoViolationsInEitherTheme(page, 'the delete question', 'dialog');
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await question.getByRole('button', { name: 'Delete' }).click();
  const undo = page.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeVisible();
  await whileClockHeld(page, () => expectNoViolationsInEitherTheme(page, 'the Post Deleted! toast with Undo', '.deleted-toast'));
  await page.clock.resume();
  await undo.click();
  await expect(card).toBeVisible();

  const opener = isPhone(testInfo)
    ? page.getByRole('button', { name: 'Add post' })
    : page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Post', exact: true });
  await opener.click();
  await expect(page.getByRole('dialog', { name: 'Create post' })).toBeVisible();
  expect(await wcagFindings(page, 'dialog')).toEqual([]);
});

test('a post’s page and the reply dialog have no detectable accessibility violations', async ({ page }) => {
  test.slow();
  await openLoggedIn(page);
  const card = postCard(page, 'Hello Chirp!');
  await card.getByRole('button', { name: /^Reply, / }).click();
  const dialog = page.getByRole('dialog', { name: 'Reply' });
  await dialog.getByRole('textbox', { name: 'Write a reply' }).fill('A reply to check, @priya.nair #axe');
  expect(await wcagFindings(page, 'dialog')).toEqual([]);
  await dialog.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(dialog).toBeHidden();
  await timeLink(card).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('region', { name: 'Replies' }).getByRole('article')).toContainText('A reply to check');
  expect(await wcagFindings(page, 'main')).toEqual([]);
  await timeLink(main.getByRole('region', { name: 'Replies' })).click();
  await expect(main.getByRole('list', { name: 'Earlier in the conversation' })).toBeVisible();
  expect(await wcagFindings(page, 'main')).toEqual([]);
});

test('a post can be liked, bookmarked and written with the keyboard alone', async ({ page }) => {
  // The checklist is sofia.alvarez's, whom the guest does not follow: on Home's Everyone tab.
  await openLoggedIn(page, EVERYONE);
  const card = postCard(page, 'Field season checklist');
  const like = card.getByRole('button', { name: 'Like', exact: true });
  await like.focus();
  await page.keyboard.press('Enter');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  // Next, the like count, which opens who likes the post; then Repost (nobody reposted it: its count
  // is text), Quote and Bookmark.
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Liked by 456 people' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Repost', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Quote', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  const bookmark = card.getByRole('button', { name: 'Bookmark', exact: true });
  await expect(bookmark).toBeFocused();
  await page.keyboard.press('Space');
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');

  const text = page.getByRole('main').getByRole('textbox', { name: 'Write a post' });
  await text.focus();
  await page.keyboard.type('Written without a mouse');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Post uploaded Successfully' })).toBeVisible();
});
