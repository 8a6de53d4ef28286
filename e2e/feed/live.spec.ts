import { expect, openLoggedIn, test, watchConsole } from '../support/fixtures';
import { EVERYONE, feedReady, homeComposer, likeButton, likeCount, postCard, publish, timeLink } from './feed-helpers';

const CHECKLIST = 'Field season checklist'; // 455 likes, not liked by the guest

test('two tabs on the in-browser back end: a post made in one waits as "1 new post" in the other; likes show live', async ({
  page,
  context,
  consoleErrors,
}) => {
  await openLoggedIn(page, EVERYONE);
  await feedReady(page);
  const other = await context.newPage();
  watchConsole(other, consoleErrors);
  await other.goto('/explore');
  await expect(other.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  await expect(postCard(other, CHECKLIST)).toBeVisible();
  const firstBefore = await other.getByRole('article').first().textContent();

  const text = `Live from the first tab ${Date.now()}`;
  await publish(homeComposer(page), text);
  await expect(postCard(page, text)).toBeVisible();
  // This tab shows its own post at once, and no button for it.
  await expect(page.getByRole('button', { name: /new post/ })).toHaveCount(0);

  // The other tab: a button, and nothing moved under the reader.
  const button = other.getByRole('button', { name: '1 new post' });
  await expect(button).toBeVisible({ timeout: 2000 });
  await expect(postCard(other, text)).toHaveCount(0);
  expect(await other.getByRole('article').first().textContent()).toBe(firstBefore);
  await other.bringToFront();
  await button.click();
  await expect(other.getByRole('article').first()).toContainText(text);
  await expect(other.getByRole('button', { name: /new post/ })).toHaveCount(0);
  // The newest post has the focus (keyboard users go on from it).
  await expect
    .poll(() => other.evaluate(() => document.activeElement?.matches('article') && document.activeElement.textContent))
    .toContain(text);

  // A like in the other tab shows in the first without a reload, as pressed (it is the same person).
  await likeButton(postCard(other, CHECKLIST)).click();
  await expect(likeCount(postCard(other, CHECKLIST))).toHaveText('456');
  await expect(likeCount(postCard(page, CHECKLIST))).toHaveText('456');
  await expect(likeButton(postCard(page, CHECKLIST))).toHaveAttribute('aria-pressed', 'true');
});

test('tabs on the in-browser back end: a post deleted in one leaves the others without a reload, its own page too', async ({ page, context, consoleErrors }) => {
  await openLoggedIn(page, EVERYONE);
  await feedReady(page);
  const text = `Soon deleted ${Date.now()}`;
  await publish(homeComposer(page), text);
  await expect(postCard(page, text)).toBeVisible();

  const other = await context.newPage();
  watchConsole(other, consoleErrors);
  await other.goto('/explore');
  await expect(postCard(other, text)).toBeVisible();
  // A third tab reads the post on its own page.
  const postUrl = (await timeLink(postCard(page, text)).getAttribute('href'))!;
  const reading = await context.newPage();
  watchConsole(reading, consoleErrors);
  await reading.goto(postUrl);
  await expect(reading.getByRole('main').getByRole('article').filter({ hasText: text })).toBeVisible();

  await page.bringToFront();
  await postCard(page, text).getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Delete Post' }).click();
  await page.getByRole('dialog', { name: 'Delete post?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(postCard(page, text)).toHaveCount(0);
  // Once the undo window has passed and the post is deleted, the other tab hears it.
  await expect(postCard(other, text)).toHaveCount(0, { timeout: 20_000 });
  await expect(postCard(other, CHECKLIST)).toBeVisible();
  // Its own page says it is not found, as it would once loaded again.
  await expect(reading.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
  await expect(reading.getByRole('article').filter({ hasText: text })).toHaveCount(0);
  // Opened in a tab of its own, Back leads Home.
  await reading.getByRole('button', { name: 'Back' }).click();
  await expect(reading).toHaveURL(/\/home$/);
});
