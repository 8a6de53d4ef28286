import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openLoggedIn, test } from '../support/fixtures';
import { attachPicture, isPhone, timeLink } from './feed-helpers';

const SCREENSHOTS = resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots');

/** Waits for the page's posts and their images, so the picture shows what a person sees. */
async function settle(page: Page) {
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Lazy images below the fold never load; those in view must have.
  await page.waitForFunction(() =>
    [...document.images]
      .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
      .every((image) => image.complete),
  );
}

for (const [name, path, title] of [
  ['home', '/home', 'Home'],
  ['explore', '/explore', 'Explore'],
  ['bookmarks', '/bookmarks', 'Your Bookmarks'],
  ['liked-posts', '/likedpost', 'Liked Post'],
] as const) {
  test(`${name} screenshot`, async ({ page }, testInfo) => {
    await openLoggedIn(page, path); // logged in without the login page: no login toast in the picture
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, `${name}-${isPhone(testInfo) ? 'phone' : 'desktop'}.png`) });
  });
}

test('home screenshot in the dark theme', async ({ page }, testInfo) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openLoggedIn(page, '/home'); // logged in without the login page: no login toast in the picture
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: resolve(SCREENSHOTS, `home-dark-${isPhone(testInfo) ? 'phone' : 'desktop'}.png`) });
});

test('composer dialog screenshot', async ({ page }, testInfo) => {
  await openLoggedIn(page, '/home');
  await settle(page);
  const opener = isPhone(testInfo)
    ? page.getByRole('button', { name: 'Add post' })
    : page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Post', exact: true });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Create post' });
  await dialog.getByRole('textbox', { name: 'Write a post' }).fill('Golden hour on the canal today.\nWho else was out there?');
  await attachPicture(dialog);
  await page.screenshot({ path: resolve(SCREENSHOTS, `composer-dialog-${isPhone(testInfo) ? 'phone' : 'desktop'}.png`) });
});

test('post page screenshot', async ({ page }, testInfo) => {
  await openLoggedIn(page, '/home');
  await settle(page);
  const first = page.getByRole('main').getByRole('article').first();
  await timeLink(first).click();
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Write a reply' }).fill('Count me in, @priya.nair! #weekend https://chirp.example/plans');
  await main.getByRole('button', { name: 'Reply', exact: true }).click();
  const reply = main.getByRole('region', { name: 'Replies' }).getByRole('article').first();
  await expect(reply).toContainText('Count me in');
  await timeLink(reply).click();
  await expect(main.getByRole('list', { name: 'Earlier in the conversation' })).toBeVisible();
  await page.reload(); // no toast in the picture
  await expect(main.getByRole('heading', { level: 2, name: 'Replies' })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: resolve(SCREENSHOTS, `post-page-${isPhone(testInfo) ? 'phone' : 'desktop'}.png`) });
});
