import { expectToast, recordToasts } from '../support/api-server';
import { appTookOver, expect, logIn, test } from '../support/fixtures';

const ENDED = 'Your session has ended. Please log in again.';

/** An unsigned JWT with these claims: the client cannot tell a forged signature, the back end can. */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

const inAWeek = Math.floor(Date.now() / 1000) + 7 * 24 * 3600;
const badSessions: [string, Record<string, string>][] = [
  ['a garbled token', { token: 'garbage', username: 'guestuser' }],
  ['a token that is not a JWT', { token: 'a.b.c', username: 'guestuser' }],
  ['an expired token', { token: jwt({ _id: 'x', username: 'guestuser', exp: 1_000_000 }), username: 'guestuser' }],
  ['a token for a user that does not exist', { token: jwt({ _id: crypto.randomUUID(), username: 'ghost.user', exp: inAWeek }), username: 'ghost.user' }],
  ['a token without its username', { token: jwt({ _id: 'x', username: 'guestuser', exp: inAWeek }) }],
  ['a username without a token', { username: 'guestuser' }],
];

for (const [name, stored] of badSessions) {
  test(`${name} in storage ends the session: login page, one toast, never the signed-in layout`, async ({ page, context }) => {
    await recordToasts(context);
    await page.goto('/');
    // The first page must have read its (empty) storage before these values go in, or it would be
    // the one to find them, and the page under test would start with nothing.
    await appTookOver(page);
    await page.evaluate((values) => {
      localStorage.clear();
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    }, stored);
    // Record whether the signed-in layout (its Main navigation) ever appears.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('nav[aria-label="Main"]')) (window as unknown as { sawLayout: boolean }).sawLayout = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/home');

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    // Toasts close after 1500 ms: the page writes down every one it showed (recordToasts).
    await expectToast(page, ENDED);
    expect(await page.evaluate((text) => (window.__chirpToasts ?? []).filter((shown) => shown === text), ENDED)).toEqual([]);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('username')])).toEqual([null, null]);
    expect(await page.evaluate(() => (window as unknown as { sawLayout?: boolean }).sawLayout ?? false)).toBe(false);
  });
}

test('a valid stored session still opens the signed-in layout after a reload', async ({ page }) => {
  await logIn(page);
  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByText(ENDED)).toHaveCount(0);
});

test('where the person goes right after log in is where they stay', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Login as Guest' }).click();
  await page.getByRole('button', { name: 'Log in' }).click();
  const explore = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' });
  await explore.click();
  await expect(page).toHaveURL(/\/explore$/);
  // The feed's posts arrive after the log-in's own loads: by then nothing may have moved the person.
  await expect(page.getByRole('region', { name: 'Explore' }).getByRole('article').first()).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(/\/explore$/);
});
