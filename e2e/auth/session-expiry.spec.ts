import { expect, logIn, test } from '../support/fixtures';

test('a call refused with 401 ends the session: back to login with a message', async ({ page }) => {
  await logIn(page);
  const like = page.getByRole('button', { name: 'Like' }).first();
  await expect(like).toBeVisible();

  // The token no longer matches anything the back end issued (e.g. it expired or was revoked).
  await page.evaluate(() => localStorage.setItem('token', 'garbage'));
  await like.click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});
