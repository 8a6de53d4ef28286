import { expect, openLoggedIn, test } from '../support/fixtures';
import { expectComposerDialogFrom, GUEST, SECTIONS } from './profile-helpers';

// The wide layout: sidebar navigation, account menu and aside.
test.beforeEach(async ({ page }) => {
  await openLoggedIn(page);
});

test('the sidebar links go to each section and mark the current page', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const { name, path } of SECTIONS) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    for (const other of SECTIONS.filter((section) => section.name !== name)) {
      await expect(nav.getByRole('link', { name: other.name, exact: true })).not.toHaveAttribute('aria-current');
    }
  }
  await expect(page.getByRole('complementary')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add post' })).toHaveCount(0);
});

test("the account menu's Profile opens the own profile", async ({ page }) => {
  const menuButton = page.getByRole('button', { name: 'Account menu' });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('menu');
  // Spec 2's Profile and Signout, with the Theme choice (not in the spec) between them.
  await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'Settings', 'Theme', 'Signout']);
  await menu.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${GUEST}$`));
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Guest User' })).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(0);
});

test('the account menu works from the keyboard and closes on Escape', async ({ page }) => {
  const menuButton = page.getByRole('button', { name: 'Account menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Theme' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Signout' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(menuButton).toBeFocused();
});

test("the account menu's Signout logs out", async ({ page }) => {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Signout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Successfully Logged Out')).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/$/);
});

test("the sidebar's Post button opens the composer in a dialog", async ({ page }) => {
  await expectComposerDialogFrom(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Post', exact: true }),
  );
});

test('after signing out, the next login goes to /home, not to the page left', async ({ page }) => {
  // The guard must not remember the page a user signed out from: the next login, by anyone, is /home.
  await page.goto(`/profile/${GUEST}`);
  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByLabel('Email address').fill('marcus_bell');
  await page.getByLabel('Password', { exact: true }).fill('chirp@demo1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
