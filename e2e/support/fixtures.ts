import { test as base, expect, type Page } from '@playwright/test';
import { GUEST_CREDENTIALS } from '../../shared/src/constants';

interface Fixtures {
  /** Console errors and uncaught exceptions seen during the test; the test fails on any. */
  consoleErrors: string[];
}

/**
 * Every test runs against the deployed production build and fails on any console error or
 * uncaught exception: "no uncaught error in the console, ever".
 */
export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Logs in through the login page as a person would. */
export async function logIn(page: Page, credentials: { username: string; password: string } = GUEST_CREDENTIALS) {
  await page.goto('/');
  await page.getByLabel('Email address').fill(credentials.username);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
}
