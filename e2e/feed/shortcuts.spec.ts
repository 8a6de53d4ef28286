import type { Locator, Page } from '@playwright/test';
import { expect, openLoggedIn, test } from '../support/fixtures';
import { bookmarkButton, EVERYONE, feedReady, homeComposer, homeFeed, likeButton, toastMessage } from './feed-helpers';

// Keyboard shortcuts, on the wide layout: a keyboard is what they are for.

const posts = (page: Page) => homeFeed(page).getByRole('article');

/** A toggle's state after one press: the opposite of now. */
async function toggled(button: Locator) {
  return (await button.getAttribute('aria-pressed')) === 'true' ? 'false' : 'true';
}

test.beforeEach(async ({ page }) => {
  // Home's Everyone tab: enough posts to move through (the guest follows two people).
  await openLoggedIn(page, EVERYONE);
  await feedReady(page);
});

test('j and k move from post to post, scrolling each into view; l likes, b bookmarks and Enter opens the focused one', async ({ page }) => {
  await page.keyboard.press('j');
  await expect(posts(page).nth(0)).toBeFocused();
  await page.keyboard.press('j');
  await expect(posts(page).nth(1)).toBeFocused();
  await page.keyboard.press('k');
  await expect(posts(page).nth(0)).toBeFocused();

  for (let step = 0; step < 8; step += 1) await page.keyboard.press('j');
  const focused = page.locator('article:focus');
  await expect(focused).toHaveAttribute('aria-posinset', '9');
  await expect(focused).toBeInViewport({ ratio: 0.9 });
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  const like = likeButton(focused);
  const liked = await toggled(like);
  await page.keyboard.press('l');
  await expect(like).toHaveAttribute('aria-pressed', liked);
  const bookmark = bookmarkButton(focused);
  const bookmarked = await toggled(bookmark);
  await page.keyboard.press('b');
  await expect(bookmark).toHaveAttribute('aria-pressed', bookmarked);
  await expect(focused).toHaveCount(1); // the post keeps the focus

  const permalink = await focused.getByRole('link').filter({ has: page.locator('time') }).getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${permalink}$`));
});

test('r opens the reply dialog of the focused post', async ({ page }) => {
  await page.keyboard.press('j');
  await page.keyboard.press('r');
  const dialog = page.getByRole('dialog', { name: 'Reply' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Write a reply' })).toBeFocused();
});

test('? lists the shortcuts in a dialog that Escape closes; the sidebar offers the same list', async ({ page }) => {
  await page.keyboard.press('Shift+?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('term')).toHaveText(['j', 'k', 'l', 'b', 'r', 'Enter', 'n', '/', 'g then h', 'g then n', '?']);
  await expect(dialog.getByRole('definition').first()).toHaveText('Next post');
  // The dialog holds the keys: j moves nothing behind it.
  await page.keyboard.press('j');
  await expect(posts(page).nth(0)).not.toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Keyboard shortcuts' });
  await button.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
});

test('when the list of shortcuts cannot be fetched, a toast says why and the page goes on; the next ? fetches it again', async ({ page, consoleErrors }) => {
  const chunk = /\/assets\/keyboard-shortcuts-dialog-[\w-]+\.js$/;
  // Refused for the whole context, and from a fresh load on: twice (once in CI), a route set on the
  // page already loaded let the file through and the dialog opened; the cause was not found.
  await page.context().route(chunk, (route) => route.abort('internetdisconnected'));
  await page.reload();
  await feedReady(page);
  await page.keyboard.press('Shift+?');
  await expect(toastMessage(page, 'Cannot reach the server. Check your connection and try again.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  await expect(posts(page).first()).toBeVisible();
  // The browser itself logs the failed download (no page can stop that): the only error allowed.
  expect(consoleErrors).toEqual([expect.stringContaining('net::ERR_INTERNET_DISCONNECTED')]);
  consoleErrors.length = 0;

  await page.context().unroute(chunk);
  await page.keyboard.press('Shift+?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
});

test('typing in a field types: j in the composer stays there and moves nothing', async ({ page }) => {
  const text = homeComposer(page).getByRole('textbox', { name: 'Write a post' });
  await text.click();
  await page.keyboard.type('jk l/gn?');
  await expect(text).toHaveValue('jk l/gn?');
  await expect(text).toBeFocused();
  // Still where it was: "gn" typed in the box went nowhere.
  await expect(page).toHaveURL(/\/home\?feed=everyone$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('g then n goes to the notifications, g then h home; n writes a new post; / goes to the search field', async ({ page }) => {
  await page.keyboard.press('g');
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.keyboard.press('g');
  await page.keyboard.press('h');
  await expect(page).toHaveURL(/\/home$/);

  await page.keyboard.press('n');
  const composer = page.getByRole('dialog', { name: 'Create post' });
  await expect(composer.getByRole('textbox', { name: 'Write a post' })).toBeFocused();
  await expect(composer.getByRole('textbox', { name: 'Write a post' })).toHaveValue('');
  await page.keyboard.press('Escape');
  // While a dialog is open it holds the keyboard: '/' counts once it has gone, as a person sees it go.
  await expect(composer).toHaveCount(0);

  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search friend' });
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
});
