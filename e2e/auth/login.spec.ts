import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { expectToast, recordToasts } from '../support/api-server';
import { expect, test } from '../support/fixtures';

test.describe('login page', () => {
  test.beforeEach(async ({ page, context }) => {
    // The toast lasts 1.5 s: recorded as it shows, so that a busy machine cannot make it come and go
    // between two looks.
    await recordToasts(context);
    await page.goto('/');
  });

  test('greets with the tagline and offers every control of the login form', async ({ page }) => {
    await expect(page.getByText('Stay Always Connceted')).toBeVisible();
    await expect(page.getByLabel('Email address')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page.getByText('Forgotten password?')).toBeVisible();
    await expect(page.getByRole('link', { name: /Guest/ })).toBeVisible();

    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('shows and hides the password', async ({ page }) => {
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-pass');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('refuses empty fields with "Invaild Credentials" and stays logged out', async ({ page }) => {
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Invaild Credentials')).toBeVisible();

    await page.getByLabel('Email address').fill(GUEST_CREDENTIALS.username);
    await page.getByLabel('Email address').press('Enter');
    await expect(page.getByText('Invaild Credentials')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('says when the username is not registered', async ({ page }) => {
    await page.getByLabel('Email address').fill('nobody-by-this-name');
    await page.getByLabel('Password', { exact: true }).fill('whatever-1');
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page.getByText('The username you entered is not Registered. Not Found error')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('says when the password is wrong', async ({ page }) => {
    await page.getByLabel('Email address').fill(GUEST_CREDENTIALS.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(
      page.getByText('The credentials you entered are invalid. Unauthorized access error.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  test('the guest link fills the demo account; Log in then opens /home and keeps the session', async ({ page }) => {
    await page.getByRole('link', { name: /Guest/ }).click();
    await expect(page.getByLabel('Email address')).toHaveValue(GUEST_CREDENTIALS.username);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(GUEST_CREDENTIALS.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Successfully Logged In')).toHaveCount(0);

    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page).toHaveURL(/\/home$/);
    await expectToast(page, 'Successfully Logged In');
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      username: localStorage.getItem('username'),
    }));
    expect(stored.username).toBe(GUEST_CREDENTIALS.username);
    expect(stored.token).toBeTruthy();

    // The session survives a reload.
    await page.reload();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('Enter in the password field logs in', async ({ page }) => {
    await page.getByLabel('Email address').fill(GUEST_CREDENTIALS.username);
    await page.getByLabel('Password', { exact: true }).fill(GUEST_CREDENTIALS.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');

    await expect(page).toHaveURL(/\/home$/);
    await expectToast(page, 'Successfully Logged In');
  });
});
