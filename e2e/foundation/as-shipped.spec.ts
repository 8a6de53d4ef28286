import { expect, logIn, testWithOwnDeployment } from '../support/fixtures';

/**
 * The builds exactly as `npm run build` leaves them, served as `npm start` serves them: nothing
 * written at deploy time (the other tests' deployments write config.json to drop the in-browser back
 * end's delay; this one keeps the spec's). The page finds every file it asks for, so the console
 * stays clean (the fixture fails the test on any error), and it runs the in-browser back end.
 */
const test = testWithOwnDeployment('as-shipped', { config: null });
// As shipped includes the service worker, which the other tests block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('the build as shipped chooses the in-browser back end, logs in with a clean console and installs its service worker', async ({ page, request }) => {
  const config = await request.get('/config.json');
  expect(config.status()).toBe(200);
  expect((await config.json()) as unknown).not.toHaveProperty('apiBaseUrl', expect.stringMatching(/./));

  await logIn(page);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  // The service worker it ships installs and takes the page over, with nothing in the console.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
});
