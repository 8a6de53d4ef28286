import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { expect, logIn, openLoggedIn, signOut, test } from '../support/fixtures';
import { SEED_PASSWORD } from '../profile/profile-helpers';

/** The tab says where it is, and whether notifications are waiting. */
test('the page title names each page, after the unread notifications’ count while there are some', async ({ page }, testInfo) => {
  test.slow();
  await page.goto('/');
  await expect(page).toHaveTitle('Log in / Chirp');
  await page.getByRole('link', { name: /sign up/i }).first().click();
  await expect(page).toHaveTitle('Sign up / Chirp');

  // Lukas follows the guest: one notification waits for the guest.
  await openLoggedIn(page, '/home', { username: 'lukas.becker', password: SEED_PASSWORD });
  await expect(page).toHaveTitle('Home / Chirp');
  await page.goto(`/profile/${GUEST_CREDENTIALS.username}`);
  await expect(page).toHaveTitle(`@${GUEST_CREDENTIALS.username} / Chirp`);
  await page.getByRole('main').getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('main').getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await signOut(page, testInfo);

  await logIn(page, GUEST_CREDENTIALS);
  await expect(page).toHaveTitle('(1) Home / Chirp');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveTitle('(1) Explore / Chirp');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ }).click();
  // Opening the notifications reads them.
  await expect(page).toHaveTitle('Notifications / Chirp');
});
