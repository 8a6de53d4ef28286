import type { Page } from '@playwright/test';
import { expect, signUpAndOpenHome, test } from '../support/api-server';

/**
 * The server goes away and comes back: each area that failed meanwhile loads again by itself when the
 * browser says it is back online or the tab regains focus, without its Retry being pressed. The
 * live stream is left alone (its coming back is a chance of its own, tested in the session's units).
 */
async function serverDown(page: Page, apiUrl: string) {
  await page.route(`${apiUrl}/api/**`, (route) =>
    route.request().url().includes('/api/events') ? route.continue() : route.abort('connectionrefused'),
  );
}

test('areas in error load again by themselves once the server is back and the browser says so', async ({ page, app, consoleErrors }) => {
  await signUpAndOpenHome(page, 'Rey');
  const main = page.getByRole('main');
  const nav = page.getByRole('navigation', { name: 'Main' });

  // Someone the side panel suggests (whoever it is on a server that others use too), shown before the cut.
  const suggested = page.getByRole('complementary').getByRole('region', { name: 'Suggestions for you' }).getByRole('link').first();
  await expect(suggested).toBeVisible();
  const username = (await suggested.getAttribute('href'))!.split('/').pop()!;
  await serverDown(page, app.apiUrl);
  await suggested.click();
  await expect(main.getByRole('heading', { level: 1, name: 'This profile could not be loaded' })).toBeVisible();
  await page.unroute(`${app.apiUrl}/api/**`);
  // Nothing asks again until something says the server may be back.
  await expect(main.getByRole('button', { name: 'Retry' })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(main.getByText(`@${decodeURIComponent(username)}`, { exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  await serverDown(page, app.apiUrl);
  await nav.getByRole('link', { name: 'Bookmarks' }).click();
  await expect(main.getByRole('button', { name: 'Retry' })).toBeVisible();
  await page.unroute(`${app.apiUrl}/api/**`);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(main.getByText('No Bookmark Posts!')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  // The browser logs the refused calls themselves; nothing else may be logged. Closed first, the page
  // has delivered every message it logged (a refused call's can come after the screen has recovered).
  await page.close();
  const others = consoleErrors.filter((text) => !/ERR_CONNECTION_REFUSED|Failed to load resource/i.test(text));
  expect(others).toEqual([]);
  consoleErrors.length = 0;
});
