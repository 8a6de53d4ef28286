import type { Page } from '@playwright/test';
import { expect, logIn, offlineNote, test } from '../support/fixtures';
import { feedReady, homeComposer, homeFeed, postCard, publish, toastMessage } from '../feed/feed-helpers';

// The service worker is what these tests are about (the others block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Logs in, and opens /home a second time once the service worker has taken the page over: a
 * returning visitor, whose browser has what the app needs to start.
 */
async function returnHome(page: Page) {
  await logIn(page);
  await feedReady(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  await feedReady(page);
}

test('a reload with the network gone shows the last timeline, and says the browser is offline', async ({ page, context }) => {
  await returnHome(page);
  const firstPost = (await homeFeed(page).getByRole('article').first().textContent()) ?? '';
  await expect(offlineNote(page)).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(offlineNote(page)).toBeVisible();
  await expect(homeFeed(page).getByRole('article').first()).toHaveText(firstPost);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();

  await context.setOffline(false);
  await expect(offlineNote(page)).toHaveCount(0);
});

test('a post written offline waits, across a reload, and is sent once the browser is back online', async ({ page, context }) => {
  // Five loads of the app, as the server project's journeys: it took up to 59 s of the default 60 on
  // the busy two-core machine.
  test.setTimeout(90_000);
  await returnHome(page);
  const text = `Written in a tunnel ${Date.now()}`;

  await context.setOffline(true);
  await publish(homeComposer(page), text);
  await expect(toastMessage(page, 'Your post will be sent when you are back online.')).toBeVisible();
  await expect(postCard(page, text)).toHaveCount(0);

  // Still offline, the page is opened again: the post still waits.
  await page.reload();
  await feedReady(page);
  await expect(offlineNote(page)).toBeVisible();
  await expect(postCard(page, text)).toHaveCount(0);

  await context.setOffline(false);
  await expect(toastMessage(page, 'Your post written offline was sent.')).toBeVisible();
  await expect(postCard(page, text)).toBeVisible();
  // Sent to the back end, not only shown: it is there on the next visit.
  await page.reload();
  await expect(postCard(page, text)).toBeVisible();
});
