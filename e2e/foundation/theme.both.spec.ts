import { wcagFindings } from '../support/axe';
import type { Page, TestInfo } from '@playwright/test';
import { expect, logIn, openLoggedIn, signOut, startLoggedIn, test, watchConsole } from '../support/fixtures';
import { isPhone, timeLink } from '../feed/feed-helpers';
import { makeNotificationsForGuest } from '../notifications/notifications-helpers';
import { openLoggedInPage } from '../profile/a11y-helpers';

/** The page's background (--color-bg) in each theme. */
const LIGHT = 'rgb(245, 247, 250)';
const DARK = 'rgb(16, 22, 29)';

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const expectBackground = (page: Page, colour: string) => expect.poll(() => background(page)).toBe(colour);

/** Opens the Theme menu where the layout offers it: the account menu, or beside Sign out on the own profile on a phone. */
async function openThemeMenu(page: Page, testInfo: TestInfo) {
  if (isPhone(testInfo)) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Theme' }).click();
  } else {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: 'Theme' }).click();
  }
  const menu = page.getByRole('menu', { name: 'Theme' });
  await expect(menu).toBeVisible();
  return menu;
}

/** Closes the open menus (the Theme submenu first, then the account menu around it). */
async function closeMenus(page: Page) {
  while ((await page.getByRole('menu').count()) > 0) await page.keyboard.press('Escape');
}

async function chooseTheme(page: Page, testInfo: TestInfo, theme: 'System' | 'Light' | 'Dark') {
  await (await openThemeMenu(page, testInfo)).getByRole('menuitemradio', { name: theme }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
}

/** Every axe finding of WCAG 2.1 A and AA on the whole page (colour contrast among them). */
async function expectNoViolations(page: Page, what: string) {
  expect(await wcagFindings(page), `axe on ${what} in the dark theme`).toEqual([]);
}

test('follows the system’s colour scheme by default, from the first frame', async ({ page }) => {
  // What the page shows at its first animation frame, before the app's scripts have run.
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      (window as { firstFrameTheme?: string | null }).firstFrameTheme = document.documentElement.getAttribute('data-theme');
    });
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Log in to Chirp' })).toBeVisible();
  await expectBackground(page, DARK);
  expect(await page.evaluate(() => (window as { firstFrameTheme?: string | null }).firstFrameTheme)).toBe('system');

  await page.emulateMedia({ colorScheme: 'light' });
  await expectBackground(page, LIGHT);
});

test('Dark or Light chosen under Theme holds against the system, after a reload, in every tab and after sign-out; System follows it again', async ({
  page,
  context,
  consoleErrors,
}, testInfo) => {
  test.slow();
  await page.emulateMedia({ colorScheme: 'light' });
  await openLoggedIn(page);
  const firstMenu = await openThemeMenu(page, testInfo);
  await expect(firstMenu.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
  await closeMenus(page);

  await chooseTheme(page, testInfo, 'Dark');
  await expectBackground(page, DARK);
  // Shown from the first frame of the next load: the early-start script reads the choice.
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      (window as { firstFrameTheme?: string | null }).firstFrameTheme = document.documentElement.getAttribute('data-theme');
    });
  });
  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as { firstFrameTheme?: string | null }).firstFrameTheme)).toBe('dark');
  await expectBackground(page, DARK);
  const menu = await openThemeMenu(page, testInfo);
  await expect(menu.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  await expect(menu.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'false');
  await closeMenus(page);

  // Another tab of the same browser: it opens in the theme chosen and follows the next choice.
  const other = await context.newPage();
  watchConsole(other, consoleErrors);
  await other.goto('/explore');
  await expect(other.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  await expectBackground(other, DARK);

  for (const tab of [page, other]) await tab.emulateMedia({ colorScheme: 'dark' });
  await chooseTheme(page, testInfo, 'Light');
  await expectBackground(page, LIGHT);
  await expectBackground(other, LIGHT);

  await chooseTheme(page, testInfo, 'System');
  await expectBackground(page, DARK);
  await expectBackground(other, DARK);
  await page.emulateMedia({ colorScheme: 'light' });
  await expectBackground(page, LIGHT);

  // The theme is the device's, not the session's: signing out keeps it.
  await chooseTheme(page, testInfo, 'Dark');
  await signOut(page, testInfo);
  await expect(page.getByRole('heading', { name: 'Log in to Chirp' })).toBeVisible();
  await expectBackground(page, DARK);
});

test('the Theme choice works with the keyboard alone', async ({ page }, testInfo) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openLoggedIn(page);
  let opener;
  if (isPhone(testInfo)) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    opener = page.getByRole('main').getByRole('button', { name: 'Theme' });
    await opener.focus();
    await page.keyboard.press('Enter');
  } else {
    opener = page.getByRole('button', { name: 'Account menu' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Theme' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
  }
  // The menu opens on the theme in force; End goes to Dark.
  await expect(page.getByRole('menuitemradio', { name: 'System' })).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expectBackground(page, DARK);
  await expect(opener).toBeFocused();
});

// Each axe run takes some ten seconds here (its CSS preload), so the screens are split over tests.
test('axe finds nothing on the login page and home in the dark theme', async ({ page }) => {
  test.slow();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Log in to Chirp' })).toBeVisible();
  await expectBackground(page, DARK);
  await expectNoViolations(page, 'the login page');

  await startLoggedIn(page);
  await openLoggedInPage(page, '/home'); // a fresh load: no toast
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expectNoViolations(page, 'home');
});

test('axe finds nothing on a profile and with the Theme menu open in the dark theme', async ({ page }, testInfo) => {
  test.slow();
  await page.emulateMedia({ colorScheme: 'dark' });
  await startLoggedIn(page);
  await openLoggedInPage(page, '/profile/priya.nair');
  await expectNoViolations(page, 'another person’s profile');
  await openThemeMenu(page, testInfo);
  await expectNoViolations(page, 'the own profile or the account menu, with the Theme menu open');
});

test('axe finds nothing on a post’s page and in the composer dialog in the dark theme', async ({ page }, testInfo) => {
  test.slow();
  await page.emulateMedia({ colorScheme: 'dark' });
  await startLoggedIn(page);
  await openLoggedInPage(page, '/home');
  await timeLink(page.getByRole('main').getByRole('article').first()).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Replies' })).toBeVisible();
  await expectNoViolations(page, 'a post’s page');

  const opener = isPhone(testInfo)
    ? page.getByRole('button', { name: 'Add post' })
    : page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Post', exact: true });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Create post' });
  await dialog.getByRole('textbox', { name: 'Write a post' }).fill('Late walk, quiet streets');
  await expectNoViolations(page, 'the composer dialog');
});

test('axe finds nothing on the notifications page in the dark theme, unread lines included', async ({ page }, testInfo) => {
  test.slow();
  await page.emulateMedia({ colorScheme: 'dark' });
  await makeNotificationsForGuest(page, testInfo);
  await logIn(page);
  await openLoggedInPage(page, '/notifications');
  await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('link', { name: /^Unread: / })).toHaveCount(3);
  await expectNoViolations(page, 'the notifications page');
});
