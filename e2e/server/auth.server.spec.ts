import { homeFeed } from '../feed/feed-helpers';

/** A new account follows nobody: Home opens on Following, empty, with people to follow. */
const FOLLOW_PROMPT = 'Follow people to fill your home';
import { expect, expectRefusedCall, expectToast, logIn, signUpAndLogIn, signUpThroughApi, test } from '../support/api-server';

test('a new person signs up, is signed in at once and sees the home feed from the server', async ({ page, app }) => {
  // The calls go to the API server (the shell's config.json), not to an in-browser back end.
  const signedUp = page.waitForResponse(
    (response) => response.url().split('?')[0] === `${app.apiUrl}/api/auth/signup` && response.request().method() === 'POST',
  );
  const person = await signUpAndLogIn(page, 'Ada');
  expect((await signedUp).status()).toBe(201);

  await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: FOLLOW_PROMPT })).toBeVisible();
  // Everyone's posts are a tab away.
  const postsListed = page.waitForResponse(
    (response) => response.url().startsWith(`${app.apiUrl}/api/posts?`) && response.request().method() === 'GET',
  );
  await page.getByRole('tab', { name: 'Everyone' }).click();
  // The posts come from the server (its seeds, and what this worker's other tests posted).
  const posts = await postsListed;
  expect(posts.status()).toBe(200);
  const { posts: listed } = (await posts.json()) as { posts: { content: string }[] };
  expect(listed.length).toBeGreaterThan(0);
  await expect(homeFeed(page).getByRole('article').first()).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${person.username.replace(/\./g, '\\.')}$`));
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: person.fullName })).toBeVisible();
});

test('the session survives a reload', async ({ page }) => {
  const person = await signUpAndLogIn(page, 'Grace');
  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByRole('heading', { name: FOLLOW_PROMPT })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('username'))).toBe(person.username);
});

test('a wrong password is refused with the server’s message, and the person stays logged out', async ({ page, consoleErrors }) => {
  const person = await signUpThroughApi(page, 'Alan');
  await page.goto('/');
  await page.getByLabel('Email address').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(`${person.password}-wrong`);
  await page.getByRole('button', { name: 'Log in' }).click();

  await expectToast(page, 'The credentials you entered are invalid. Unauthorized access error.');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expectRefusedCall(consoleErrors, 401);

  // Empty fields never reach the server: 'Invaild Credentials' (sic, spec 5).
  await page.getByLabel('Password', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectToast(page, 'Invaild Credentials');

  // The right password still works.
  await logIn(page, person);
});
