import type { Page } from '@playwright/test';
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { expect, test } from '../support/fixtures';

/**
 * Holds every request to the auth remote's server until `release` is called: the page then shows
 * what its HTML painted, with the remote's code not yet there to take it over. With `manifest: false`
 * the remote's manifest is let through (the app knows the page it may take over), its code is not.
 */
async function holdAuthRemote(page: Page, { manifest = true }: { manifest?: boolean } = {}) {
  const remotes = (await (await page.request.get('/remotes.json')).json()) as Record<string, string>;
  const origin = new URL(remotes.auth).origin;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  const isHeld = (url: URL) => url.origin === origin && (manifest || !url.pathname.endsWith('/mf-manifest.json'));
  await page.route(isHeld, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  return { release, held: () => held };
}

test.describe('the public pages painted from the HTML', () => {
  test('the log-in page shows before its remote has loaded; what is typed and pressed meanwhile is kept and acted on', async ({ page }) => {
    const auth = await holdAuthRemote(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });

    await expect(page.getByRole('heading', { name: 'Stay Always Connceted' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Log in to Chirp' })).toBeVisible();
    await page.getByLabel('Email address').fill(GUEST_CREDENTIALS.username);
    await page.getByLabel('Password', { exact: true }).fill(GUEST_CREDENTIALS.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    // Nothing has moved: the browser did not send the form itself (the password stays out of the address).
    await expect.poll(auth.held).toBeGreaterThan(0);
    expect(new URL(page.url()).search).toBe('');
    await expect(page.getByRole('heading', { name: 'Log in to Chirp' })).toBeVisible();

    auth.release();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('what is typed while the remote’s code is on its way stays while the back end starts, and is sent', async ({ page }) => {
    const auth = await holdAuthRemote(page, { manifest: false });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Email address').fill(GUEST_CREDENTIALS.username);
    // The in-browser back end starts (and the app renders) while the page's code is still held.
    await expect(page.locator('html')).toHaveAttribute('data-backend', 'ready');
    await expect.poll(auth.held).toBeGreaterThan(0);
    await page.getByLabel('Password', { exact: true }).fill(GUEST_CREDENTIALS.password);
    await expect(page.getByLabel('Email address')).toHaveValue(GUEST_CREDENTIALS.username);

    auth.release();
    await expect(page.getByLabel('Email address')).toHaveValue(GUEST_CREDENTIALS.username);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('Login as Guest, then Log in, pressed before the remote has loaded: both are acted on, in order', async ({ page }) => {
    const auth = await holdAuthRemote(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('link', { name: 'Login as Guest' }).click();
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(auth.held).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: 'Log in to Chirp' })).toBeVisible();

    auth.release();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('the sign-up page shows before its remote has loaded, and keeps what was typed', async ({ page }) => {
    const auth = await holdAuthRemote(page);
    await page.goto('/signup', { waitUntil: 'domcontentloaded' });

    await expect(page.getByRole('heading', { name: 'Create a new account' })).toBeVisible();
    await page.getByLabel('First name').fill('Ada');
    await expect.poll(auth.held).toBeGreaterThan(0);

    auth.release();
    // Once the app has the form, typing goes on where it was, and the first field keeps its text.
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Username').fill('ada');
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
    await expect(page.getByLabel('Last name')).toHaveValue('Lovelace');
  });

  test('without JavaScript the log-in page can still be read', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Stay Always Connceted' })).toBeVisible();
    await expect(page.getByLabel('Email address')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await context.close();
  });
});
