import { expect, openLoggedIn, test } from '../support/fixtures';
import { EVERYONE, feedReady, homeFeed, replyButton, toastMessage } from './feed-helpers';

// A card's dialogs are fetched when one first opens: what the person sees when that fetch fails.

test('a Reply whose dialog cannot be fetched says why in a toast, asks once, and opens once the code can come', async ({ page, consoleErrors }) => {
  await openLoggedIn(page, EVERYONE);
  await feedReady(page);
  const chunk = /\/assets\/reply-dialog-[\w-]+\.js$/;
  let asked = 0;
  await page.route(chunk, (route) => {
    asked += 1;
    return route.abort('internetdisconnected');
  });
  const card = homeFeed(page).getByRole('article').first();
  await replyButton(card).click();
  await expect(toastMessage(page, 'Cannot reach the server. Check your connection and try again.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Reply' })).toHaveCount(0);
  await expect(card).toBeVisible();
  // One request for one press, not a loop of them while the code cannot come.
  await page.waitForTimeout(500);
  expect(asked).toBe(1);
  // The browser itself logs the failed download (no page can stop that): the only error allowed.
  expect(consoleErrors).toEqual([expect.stringContaining('net::ERR_INTERNET_DISCONNECTED')]);
  consoleErrors.length = 0;

  await page.unroute(chunk);
  await replyButton(card).click();
  await expect(page.getByRole('dialog', { name: 'Reply' })).toBeVisible();
});
