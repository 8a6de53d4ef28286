import { homeComposer, postCard, publish } from '../feed/feed-helpers';
import { expect, expectToast, signUpAndOpenHome, test } from '../support/api-server';
import { offlineNote } from '../support/fixtures';

// The service worker is what keeps the app for an offline visit (the other tests block it).
test.use({ serviceWorkers: 'allow' });

const KEPT_NOTE = /^Showing your timeline as it was on /;
/** What Chromium logs for each call the page makes while the network is gone. */
const NO_NETWORK = 'net::ERR_INTERNET_DISCONNECTED';

test('offline against the API server, a reload shows the home timeline as it last showed, dated; back online, the live one', async ({
  page,
  context,
  consoleErrors,
}) => {
  // A sign-up, a post, two loads of the app, and one offline: as the other journeys, more than the default.
  test.setTimeout(90_000);
  const person = await signUpAndOpenHome(page, 'Noor');
  const text = `Written before the tunnel by ${person.username}`;
  await publish(homeComposer(page), text);
  await expectToast(page, 'Post uploaded Successfully');

  // A returning visitor: the service worker has the app, and the timeline showed once more.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  await expect(postCard(page, text)).toBeVisible();
  // The list is written down a moment after it shows.
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('chirp:kept-timeline:')))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(offlineNote(page)).toBeVisible();
  await expect(page.getByText(KEPT_NOTE)).toBeVisible();
  await expect(postCard(page, text)).toBeVisible();
  const following = page.getByRole('tabpanel', { name: 'Following' });
  await expect(following.getByRole('alert').getByRole('button', { name: 'Retry' })).toBeVisible();

  await context.setOffline(false);
  await expect(offlineNote(page)).toHaveCount(0);
  await expect(page.getByText(KEPT_NOTE)).toHaveCount(0);
  await expect(postCard(page, text)).toBeVisible();
  await expect(following.getByRole('alert')).toHaveCount(0);

  // The calls made while offline failed as they must; nothing else may have been logged.
  const others = consoleErrors.filter((error) => !error.includes(NO_NETWORK));
  consoleErrors.splice(0, consoleErrors.length, ...others);
});
