import type { Page } from '@playwright/test';
import type { Deployment } from '../support/deployment';
import { expect, logIn, testWithOwnDeployment } from '../support/fixtures';

/** A remote that is down (or broken) never takes the page with it. */
const test = testWithOwnDeployment('remote-failure');

test('with the feed server down the shell and the other remotes work, and Retry restores the feed', async ({ page, consoleErrors, deployment }) => {
  await logIn(page);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await deployment.stop('feed');
  await page.evaluate(() => ((window as unknown as { stayedLoaded: boolean }).stayedLoaded = true));

  // A page of the feed that was not loaded yet now fails, alone.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookmarks' }).click();
  const failure = page.getByRole('main').getByRole('alert');
  await expect(failure).toContainText('The bookmarks could not be loaded.');
  await expect(page.getByRole('complementary').getByRole('heading', { name: 'Suggestions for you' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();

  await deployment.start('feed');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Your Bookmarks' }).or(page.getByText('No Bookmark Posts!'))).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayedLoaded?: boolean }).stayedLoaded)).toBe(true);
  // The browser logs the refused connections themselves; nothing else may be logged.
  const others = consoleErrors.filter((text) => !/ERR_CONNECTION_REFUSED|Failed to load resource/i.test(text));
  expect(others).toEqual([]);
  consoleErrors.length = 0;
});

/**
 * Logs in with the profile remote's code broken (its entry throws): the side panel says so.
 * Answers the side panel and how to mend the code again.
 */
async function logInWithTheProfileRemoteBroken(page: Page, deployment: Deployment) {
  const entry = `${deployment.urls.profile}/remoteEntry.js`;
  // On the context, not the page: once the app's service worker has taken the page over, the entry
  // is fetched by the worker, which only the context's routes see.
  const context = page.context();
  await context.route(entry, (route) => route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("broken deployment");' }));
  await logIn(page);
  const aside = page.getByRole('complementary');
  await expect(aside.getByRole('alert')).toContainText('could not be loaded');
  return { aside, mend: () => context.unroute(entry) };
}

test('a remote whose code throws shows its message while the rest of the page works', async ({ page, deployment }) => {
  const { aside, mend } = await logInWithTheProfileRemoteBroken(page, deployment);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await mend();
  await aside.getByRole('button', { name: 'Retry' }).click();
  await expect(aside.getByRole('heading', { name: 'Suggestions for you' })).toBeVisible();
});

test('a remote area in error loads again by itself when the browser is back online, without Retry', async ({ page, deployment }) => {
  const { aside, mend } = await logInWithTheProfileRemoteBroken(page, deployment);
  await mend();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(aside.getByRole('heading', { name: 'Suggestions for you' })).toBeVisible();
  await expect(aside.getByRole('alert')).toHaveCount(0);
});
