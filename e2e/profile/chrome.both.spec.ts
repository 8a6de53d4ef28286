import { expect, startLoggedIn, test } from '../support/fixtures';
import { GUEST } from './profile-helpers';

test.beforeEach(async ({ page }) => {
  await startLoggedIn(page);
});

test('the own profile Sign out icon logs out on every layout', async ({ page }) => {
  await page.goto(`/profile/${GUEST}`);
  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Successfully Logged Out')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
