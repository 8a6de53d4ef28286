import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { deploy, type Deployment } from '../support/deployment';
import { expect, test } from '../support/fixtures';

/**
 * The builds exactly as `npm run build` leaves them, served as `npm start` serves them: nothing
 * written at deploy time (the other tests' deployments write config.json to drop the in-browser back
 * end's delay; here the `?mockDelay=0` address does). The page finds every file it asks for, so the
 * console stays clean (the fixture fails the test on any error), and it runs the in-browser back end.
 */
let deployment: Deployment;

test.beforeAll(async () => {
  deployment = await deploy({ name: `as-shipped-${process.pid}`, config: null });
});

test.afterAll(async () => {
  await deployment.close();
});

test('the build as shipped chooses the in-browser back end and logs in with a clean console', async ({ page, request }) => {
  const config = await request.get(`${deployment.urls.shell}/config.json`);
  expect(config.status()).toBe(200);
  expect((await config.json()) as unknown).not.toHaveProperty('apiBaseUrl', expect.stringMatching(/./));

  await page.goto(`${deployment.urls.shell}/?mockDelay=0`);
  await page.getByLabel('Email address').fill(GUEST_CREDENTIALS.username);
  await page.getByLabel('Password', { exact: true }).fill(GUEST_CREDENTIALS.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
});
