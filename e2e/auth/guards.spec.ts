import { expectToast, recordToasts } from '../support/api-server';
import { expect, logIn, test } from '../support/fixtures';

test.describe('route guards', () => {
  test('a logged-out visitor is sent to login and, once logged in, comes back to the page asked for', async ({
    page,
    context,
  }) => {
    await recordToasts(context);
    await page.goto('/explore');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByLabel('Email address')).toBeVisible();

    await page.getByRole('link', { name: /Guest/ }).click();
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page).toHaveURL(/\/explore$/);
    await expectToast(page, 'Successfully Logged In');
  });

  for (const path of ['/home', '/bookmarks', '/likedpost', '/profile/guestuser']) {
    test(`${path} needs a session`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    });
  }

  test('the page asked for survives a detour through sign-up', async ({ page }) => {
    await page.goto('/bookmarks');
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('link', { name: /Guest/ }).click();
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page).toHaveURL(/\/bookmarks$/);
  });

  test('a logged-in user at login or sign-up goes to /home', async ({ page }) => {
    await logIn(page);

    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByLabel('Email address')).toHaveCount(0);
  });
});
