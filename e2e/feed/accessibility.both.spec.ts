import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openLoggedIn, test } from '../support/fixtures';
import { isPhone, postCard, timeLink } from './feed-helpers';

/** Axe findings in the feed's own areas (the page's <main>, or an open dialog). */
async function violations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target).join(', ')}`);
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
    expect(await violations(page, 'main')).toEqual([]);
  });
}

test('the post options menu and the composer dialog have no detectable accessibility violations', async ({ page }, testInfo) => {
  test.slow();
  await openLoggedIn(page);
  await postCard(page, 'Hello Chirp!').getByRole('button', { name: 'Post options' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await violations(page, 'main')).toEqual([]);
  await page.keyboard.press('Escape');

  const opener = isPhone(testInfo)
    ? page.getByRole('button', { name: 'Add post' })
    : page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Post', exact: true });
  await opener.click();
  await expect(page.getByRole('dialog', { name: 'Create post' })).toBeVisible();
  expect(await violations(page, 'dialog')).toEqual([]);
});

test('a post’s page and the reply dialog have no detectable accessibility violations', async ({ page }) => {
  test.slow();
  await openLoggedIn(page);
  const card = postCard(page, 'Hello Chirp!');
  await card.getByRole('button', { name: /^Reply, / }).click();
  const dialog = page.getByRole('dialog', { name: 'Reply' });
  await dialog.getByRole('textbox', { name: 'Write a reply' }).fill('A reply to check, @priya.nair #axe');
  expect(await violations(page, 'dialog')).toEqual([]);
  await dialog.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(dialog).toBeHidden();
  await timeLink(card).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('region', { name: 'Replies' }).getByRole('article')).toContainText('A reply to check');
  expect(await violations(page, 'main')).toEqual([]);
  await timeLink(main.getByRole('region', { name: 'Replies' })).click();
  await expect(main.getByRole('list', { name: 'Earlier in the conversation' })).toBeVisible();
  expect(await violations(page, 'main')).toEqual([]);
});

test('a post can be liked, bookmarked and written with the keyboard alone', async ({ page }) => {
  await openLoggedIn(page);
  const card = postCard(page, 'Field season checklist');
  const like = card.getByRole('button', { name: 'Like', exact: true });
  await like.focus();
  await page.keyboard.press('Enter');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
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
