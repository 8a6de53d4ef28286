import type { Page } from '@playwright/test';
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { expect, test } from '../support/fixtures';

const newcomer = {
  'First name': 'Ada',
  'Last name': 'Lovelace',
  'Email address': 'ada@example.com',
  Username: 'ada.lovelace',
  Password: 'engine-1843',
  'Confirm password': 'engine-1843',
};

async function fillIn(page: Page, values: Partial<Record<keyof typeof newcomer, string>>) {
  for (const [label, value] of Object.entries(values)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

/** A toast saying `text` (the same words may also show under the field they concern). */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/**
 * The spec's text keeps a space at each end; a text locator trims, so compare the node's text too,
 * in the same look as its visibility (a toast goes after a while: two looks could miss it on a slow run).
 */
async function expectEnterAllFields(page: Page) {
  const message = toast(page, 'Enter all fields to signup');
  const shown = () => message.evaluate((node) => (node.checkVisibility() ? node.textContent : 'hidden')).catch(() => 'absent');
  await expect.poll(shown).toBe(' Enter all fields to signup ');
}

async function registeredUsers(page: Page) {
  const body = await page.evaluate(() => fetch('/api/users').then((response) => response.json()));
  return body.users as Array<Record<string, unknown>>;
}

test.describe('sign-up page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/signup');
  });

  test('offers every labelled field, the notice and a way back to login', async ({ page }) => {
    for (const label of Object.keys(newcomer)) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Email address')).toHaveAttribute('type', 'email');
    await expect(page.getByText(/Terms, Privacy Policy and Cookies Policy.*SMS notifications/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();

    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Show confirm password' }).click();
    await expect(page.getByLabel('Confirm password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide confirm password' }).click();
    await expect(page.getByLabel('Confirm password', { exact: true })).toHaveAttribute('type', 'password');

    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('checks in order: every field, then the password length, then the match', async ({ page }) => {
    const signUp = page.getByRole('button', { name: 'Sign Up' });

    await signUp.click();
    await expectEnterAllFields(page);

    // A short password and a missing confirmation: the empty field is reported first.
    await fillIn(page, { ...newcomer, 'Email address': 'not-an-email', Password: 'short', 'Confirm password': '' });
    await signUp.click();
    await expectEnterAllFields(page);

    await fillIn(page, { 'Confirm password': 'different' });
    await signUp.click();
    await expect(toast(page, 'Password must be minimum 8 characters')).toBeVisible();

    await fillIn(page, { Password: 'engine-1843', 'Confirm password': 'engine-1844' });
    await page.getByLabel('Confirm password', { exact: true }).press('Enter');
    await expect(toast(page, 'Passwords do not match')).toBeVisible();

    await expect(page).toHaveURL(/\/signup$/);
    // No call was made: the account does not exist.
    expect((await registeredUsers(page)).map((user) => user.username)).not.toContain(newcomer.Username);
  });

  test('refuses a username that is taken', async ({ page }) => {
    await fillIn(page, { ...newcomer, Username: GUEST_CREDENTIALS.username });
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(toast(page, 'Unprocessable Entity. Username Already Exists.')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('sends only the four profile fields, then signs the newcomer in and goes to /home', async ({ page }) => {
    await fillIn(page, newcomer);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page.getByText('Signed Up Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    expect(await page.evaluate(() => localStorage.getItem('username'))).toBe(newcomer.Username);
    // The back end stores extra sign-up fields as given, so a sent email address would show here.
    const created = (await registeredUsers(page)).find((user) => user.username === newcomer.Username);
    expect(created).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(Object.keys(created ?? {})).not.toContain('emailAddress');
    expect(Object.keys(created ?? {})).not.toContain('rePassword');
    expect(JSON.stringify(created)).not.toContain(newcomer['Email address']);
  });

  test('shows each problem beside its field, as well as the toast', async ({ page }) => {
    await fillIn(page, { ...newcomer, 'First name': '', Password: 'short', 'Confirm password': 'other' });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expectEnterAllFields(page);
    const firstName = page.getByLabel('First name', { exact: true });
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toHaveAccessibleDescription('Enter your first name.');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/^Password must be minimum 8 characters/);
    await expect(page.getByLabel('Confirm password', { exact: true })).toHaveAccessibleDescription('Passwords do not match');
    await expect(page.getByLabel('Last name', { exact: true })).not.toHaveAttribute('aria-invalid');
  });
});
