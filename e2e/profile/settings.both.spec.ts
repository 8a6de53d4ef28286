import type { Page, TestInfo } from '@playwright/test';
import { expect, logIn, openLoggedIn, signOut, test } from '../support/fixtures';
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { expectNoViolationsInEitherTheme } from './a11y-helpers';

/** Settings, as a person reaches it: the account menu on a desktop, their own profile on a phone. */
async function openSettings(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === 'phone') {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('main').getByRole('link', { name: 'Settings' }).click();
  } else {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
  }
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

test('an email address saved in Settings logs in as the username does', async ({ page }, testInfo) => {
  await openLoggedIn(page);
  await openSettings(page, testInfo);
  const form = page.getByRole('form', { name: 'Your account' });
  await form.getByLabel('Email address').fill('Guest.User@Example.com');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
  await expect(page).toHaveTitle(/Settings/);

  await signOut(page, testInfo);
  await logIn(page, { username: 'guest.user@example.com', password: GUEST_CREDENTIALS.password });
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

test('Settings lists the people blocked, each with Unblock; a profile’s menu, a blocked profile and Settings have no detectable accessibility violations in either theme', async ({
  page,
}, testInfo) => {
  test.slow();
  await openLoggedIn(page, '/profile/amara_okafor');
  // The profile's own menu (each of the posts below has one too).
  await page.getByRole('main').locator('.profile__actions').getByRole('button', { name: 'More options' }).click();
  await expect(page.getByRole('menu', { name: 'More options' }).getByRole('menuitem')).toHaveText(['Mute @amara_okafor', 'Block @amara_okafor']);
  await expectNoViolationsInEitherTheme(page, 'a profile’s options menu', '[role="menu"]');
  await page.getByRole('menuitem', { name: 'Block @amara_okafor' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Blocked @amara_okafor' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('note')).toHaveText('You have blocked this account.');
  await expectNoViolationsInEitherTheme(page, 'a profile the viewer blocked');

  await openSettings(page, testInfo);
  const blocked = page.getByRole('region', { name: 'Blocked accounts' });
  await expect(blocked.getByRole('link', { name: /@amara_okafor/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Muted accounts' })).toContainText('You have muted no one.');
  await expectNoViolationsInEitherTheme(page, 'Settings');

  await blocked.getByRole('button', { name: 'Unblock @amara_okafor' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Unblocked @amara_okafor' })).toBeVisible();
  await expect(blocked).toContainText('You have blocked no one.');
});

test('a password changed in Settings is the one that logs in; Sign out everywhere ends this session too', async ({ page }, testInfo) => {
  await openLoggedIn(page);
  await openSettings(page, testInfo);
  const form = page.getByRole('form', { name: 'Password' });
  await form.getByLabel('Current password').fill(GUEST_CREDENTIALS.password);
  await form.getByLabel('New password', { exact: true }).fill('a brand new secret');
  await form.getByLabel('Confirm new password').fill('a brand new secret');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed. Every other session is signed out.' })).toBeVisible();
  // This session goes on, on its new token: a reload keeps it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Signed out everywhere' })).toBeVisible();
  await page.getByLabel('Email address').fill(GUEST_CREDENTIALS.username);
  await page.getByLabel('Password', { exact: true }).fill(GUEST_CREDENTIALS.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The credentials you entered are invalid. Unauthorized access error.' })).toBeVisible();
  await logIn(page, { username: GUEST_CREDENTIALS.username, password: 'a brand new secret' });
});
