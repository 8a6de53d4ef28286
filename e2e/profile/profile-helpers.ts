import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { GUEST_CREDENTIALS } from '@chirp/contracts';

export const GUEST = GUEST_CREDENTIALS.username;
/** The password of every seed user but the guest (browser-backend/src/seeds.ts). */
export const SEED_PASSWORD = 'chirp@demo1';

export const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/** The profile page's own area (the shell's <main>). */
export const profileArea = (page: Page): Locator => page.getByRole('main');

/** The 'Search friend' box of the current layout (aside on desktop, top bar on phones). */
export const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search friend' });

/** Opens a profile by its address (a dot in the username is fine: it is an app route). */
export async function openProfile(page: Page, username: string) {
  await page.goto(`/profile/${encodeURIComponent(username)}`);
  await expect(page).toHaveURL(new RegExp(`/profile/${encodeURIComponent(username).replace(/\./g, '\\.')}$`));
  await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
}

/** Opens the own profile's Edit Profile dialog; returns it. */
export async function openProfileEditor(page: Page) {
  await profileArea(page).getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The suggestion row of a person (a list item whose profile link names them). */
export const suggestionRow = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Suggestions for you' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: new RegExp(name) }) });

/** The app's sections, as the main navigation names them. */
export const SECTIONS = [
  { name: 'Home', path: '/home' },
  { name: 'Explore', path: '/explore' },
  { name: 'Bookmarks', path: '/bookmarks' },
  { name: 'Liked Post', path: '/likedpost' },
];

/** The opener shows the feed's composer in a modal dialog; Escape closes it and focus comes back. */
export async function expectComposerDialogFrom(opener: Locator) {
  const page = opener.page();
  await opener.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}
