import { expect, logIn, test } from '../support/fixtures';

test('signing out from the account menu clears the session and returns to login', async ({ page }) => {
  await logIn(page);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Signout' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Successfully Logged Out')).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue('');
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  // The session is really gone: a logged-in page sends the visitor back to login.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});
