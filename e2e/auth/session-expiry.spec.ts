import { expect, logIn, test } from '../support/fixtures';

test('a call refused with 401 ends the session: back to login with a message', async ({ page }) => {
  await logIn(page);
  const like = page.getByRole('button', { name: 'Like' }).first();
  await expect(like).toBeVisible();

  // The token no longer matches anything the back end issued (e.g. it expired or was revoked), and
  // the like is the call that finds out: both in one task, before any call of the app's own (the
  // feed's next page, the live stream) can read the token first and end the session under the click.
  await like.evaluate((button) => {
    localStorage.setItem('token', 'garbage');
    (button as HTMLButtonElement).click();
  });

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});
