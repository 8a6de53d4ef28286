import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { type Deployment, deploy } from './deployment';

export interface Fixtures {
  /** Console errors and uncaught exceptions seen during the test; the test fails on any. */
  consoleErrors: string[];
}

/** Collects a page's console errors and uncaught exceptions into `errors` (a second page's too). */
export function watchConsole(page: Page, errors: string[]) {
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
}

/**
 * The visible buttons and tabs that wear the browser's own look (Chromium's outset border): their
 * stylesheet did not arrive (a remote's CSS not loaded with the module that needs it).
 */
export async function unstyledControls(page: Page): Promise<string[]> {
  if (page.isClosed()) return [];
  return page
    .locator('button, [role="tab"]')
    .evaluateAll((controls) =>
      controls
        .filter((control) => control.checkVisibility() && getComputedStyle(control).borderTopStyle === 'outset')
        .map((control) => control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName),
    )
    .catch(() => []); // the page is navigating or gone: nothing to judge
}

/**
 * Every test runs against the deployed production build and fails on any console error or
 * uncaught exception ("no uncaught error in the console, ever"), or on a control left without its
 * styles on the page where it ends.
 */
export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      watchConsole(page, errors);
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
      expect(await unstyledControls(page), 'controls without their styles').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * A refused call against a real server makes the browser itself log "Failed to load resource: the
 * server responded with a status of …" (no page can stop that). A test that expects such a refusal
 * takes exactly one of these out of the console errors; anything else still fails the test.
 */
export async function expectRefusedCall(consoleErrors: string[], status: number) {
  const logged = `Failed to load resource: the server responded with a status of ${status} `;
  const index = () => consoleErrors.findIndex((error) => error.startsWith(logged));
  await expect.poll(index, { message: `the browser logs the refused call (${status})` }).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(index(), 1);
}

/** Logs in through the login page as a person would. */
export async function logIn(page: Page, credentials: { username: string; password: string } = GUEST_CREDENTIALS) {
  await page.goto('/');
  await page.getByLabel('Email address').fill(credentials.username);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Signs out as a person would: the account menu's Signout on desktops, Sign out on the own profile on phones. */
export async function signOut(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === 'phone') {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  } else {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Signout' }).click();
  }
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Tests that stop, restart or redeploy servers get a deployment of their own (per worker), so they
 * never disturb the shared one; `baseURL` points at its shell. `config` as deploy() takes it.
 */
export function testWithOwnDeployment(name: string, { config }: { config?: Record<string, unknown> | null } = {}) {
  return test.extend<object, { deployment: Deployment }>({
    deployment: [
      async ({}, use, workerInfo) => {
        const deployment = await deploy({ name: `${name}-${process.pid}-${workerInfo.workerIndex}`, config });
        await use(deployment);
        await deployment.close();
      },
      { scope: 'worker' },
    ],
    baseURL: async ({ deployment }, use) => use(deployment.urls.shell),
  });
}
