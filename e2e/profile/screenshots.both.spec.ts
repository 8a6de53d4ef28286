import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, startLoggedIn, test } from '../support/fixtures';
import { GUEST, openProfile, searchBox } from './profile-helpers';

const FOLDER = resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots');

/** Saves docs/screenshots/<name>-desktop.png or <name>-phone.png, once the page has settled. */
async function save(page: Page, name: string) {
  const size = test.info().project.name === 'phone' ? 'phone' : 'desktop';
  // Let toasts leave, and fonts and the images in view arrive.
  await expect(page.locator('[role="status"][aria-live]')).toHaveCount(0, { timeout: 5_000 });
  await page.evaluate(() => document.fonts.ready);
  // Lazy images below the fold never load; those in view (the picture is of the view) must have.
  await page.waitForFunction(() =>
    [...document.images]
      .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
      .every((image) => image.complete),
  );
  mkdirSync(FOLDER, { recursive: true });
  await page.screenshot({ path: resolve(FOLDER, `${name}-${size}.png`), animations: 'disabled', caret: 'hide' });
}

test.beforeEach(async ({ page }) => {
  await startLoggedIn(page);
});

test('profile pages and dialogs', async ({ page }) => {
  await openProfile(page, GUEST);
  await expect(page.getByRole('tabpanel', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
  await save(page, 'profile');

  await page.getByRole('button', { name: '2 Following' }).click();
  await expect(page.getByRole('dialog', { name: 'Following' }).getByRole('link').first()).toBeVisible();
  await save(page, 'follow-dialog');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByRole('button', { name: 'Choose Avatar' }).click();
  await dialog.getByRole('button', { name: 'Avatar 3' }).click();
  await save(page, 'edit-profile-dialog');
  await page.keyboard.press('Escape');

  await openProfile(page, 'sofia.alvarez');
  await expect(page.getByRole('tabpanel', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
  await save(page, 'profile-other');
});

test('search and suggestions', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await searchBox(page).click();
  await expect(page.getByRole('region', { name: 'Suggestions for you' }).getByRole('listitem').first()).toBeVisible();
  await save(page, 'suggestions');
  await searchBox(page).fill('ar');
  await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
  await save(page, 'search');
});

test('the search page', async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent('sourdough')}`);
  await page.getByRole('tab', { name: 'Posts' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
  await save(page, 'search-page');
});
