import { expect, logIn, testWithOwnDeployment } from '../support/fixtures';

/**
 * The builds exactly as `npm run build` leaves them, served as `npm start` serves them: nothing
 * written at deploy time (the other tests' deployments write config.json to drop the in-browser back
 * end's delay; this one keeps the spec's). The page finds every file it asks for, so the console
 * stays clean (the fixture fails the test on any error), and it runs the in-browser back end.
 */
const test = testWithOwnDeployment('as-shipped', { config: null });

test('the build as shipped chooses the in-browser back end and logs in with a clean console', async ({ page, request }) => {
  const config = await request.get('/config.json');
  expect(config.status()).toBe(200);
  expect((await config.json()) as unknown).not.toHaveProperty('apiBaseUrl', expect.stringMatching(/./));

  await logIn(page);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
});
