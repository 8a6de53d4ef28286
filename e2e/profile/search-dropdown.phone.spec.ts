import type { Page } from '@playwright/test';
import { expect, openLoggedIn, test } from '../support/fixtures';
import { searchBox } from './profile-helpers';

const suggestions = (page: Page) => page.getByRole('region', { name: 'Suggestions for you' });
const results = (page: Page) => page.getByRole('list', { name: 'Search results' });

test.beforeEach(async ({ page }) => {
  await openLoggedIn(page);
});

test('the top search box opens the suggestions below the top bar, full width', async ({ page }) => {
  const header = page.getByRole('banner');
  await expect(header.getByRole('searchbox', { name: 'Search friend' })).toBeVisible();
  await expect(suggestions(page)).toBeHidden();

  await searchBox(page).click();
  await expect(suggestions(page)).toBeVisible();
  const bar = (await header.boundingBox())!;
  const panel = (await suggestions(page).locator('xpath=../..').boundingBox())!;
  expect(panel.x).toBe(0);
  expect(panel.width).toBe(390);
  // It starts where the bar ends (over the bar's 1 px bottom border at most).
  expect(Math.abs(panel.y - (bar.y + bar.height))).toBeLessThanOrEqual(1);

  await searchBox(page).fill('sof');
  await expect(results(page).getByRole('link', { name: /Sofía Álvarez/ })).toBeVisible();
  await expect(suggestions(page)).toHaveCount(0);
});

test('Escape and a tap outside close the dropdown', async ({ page }) => {
  await searchBox(page).click();
  await expect(suggestions(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(suggestions(page)).toBeHidden();
  await expect(searchBox(page)).toBeFocused();

  await searchBox(page).click();
  await expect(suggestions(page)).toBeVisible();
  // A tap on the top bar's edge: outside the search box and its panel.
  await page.getByRole('banner').tap({ position: { x: 3, y: 3 } });
  await expect(suggestions(page)).toBeHidden();
});
