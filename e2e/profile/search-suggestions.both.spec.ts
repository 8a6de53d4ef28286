import type { Page } from '@playwright/test';
import { expect, openLoggedIn, test } from '../support/fixtures';
import { GUEST, isPhone, openProfile, searchBox, suggestionRow } from './profile-helpers';

/** Everyone the guest does not follow in the seed data. */
const NOT_FOLLOWED = [
  ['sofia.alvarez', 'Sofía Álvarez'],
  ['kenji.w', 'Kenji Watanabe'],
  ['amara_okafor', 'Amara Okafor'],
  ['lukas.becker', 'Lukas Becker'],
  ['hannah.lee', 'Hannah Lee'],
] as const;

const suggestions = (page: Page) => page.getByRole('region', { name: 'Suggestions for you' });
const results = (page: Page) => page.getByRole('list', { name: 'Search results' });

/** On phones the suggestions sit in the search box's dropdown, which opens on focus. */
async function showSuggestions(page: Page) {
  if (isPhone(test.info())) await searchBox(page).click();
  await expect(suggestions(page)).toBeVisible();
}

/** Follows each person the guest does not follow from their suggestion row, one after the other. */
async function followEverySuggestion(page: Page) {
  for (const [username, name] of NOT_FOLLOWED) {
    await suggestionRow(page, name).getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(page.getByText(`Following ${username}`)).toBeVisible();
    await expect(suggestionRow(page, name)).toHaveCount(0);
  }
}

test.beforeEach(async ({ page }) => {
  await openLoggedIn(page);
});

test('search finds people by part of the username, first or last name, in any case', async ({ page }) => {
  await searchBox(page).fill('PRI');
  await expect(results(page).getByRole('link')).toHaveCount(1);
  await expect(results(page).getByRole('link', { name: /Priya Nair/ })).toBeVisible();

  await searchBox(page).fill('okaf');
  await expect(results(page).getByRole('link')).toHaveText([/Amara Okafor@amara_okafor/]);

  await searchBox(page).fill('_b');
  await expect(results(page).getByRole('link', { name: /Marcus Bell/ })).toBeVisible();

  // The current user is never among the results.
  await searchBox(page).fill('guest');
  await expect(page.getByText('No such user is there...')).toBeVisible();
  await expect(results(page)).toHaveCount(0);
});

test("search says 'No such user is there...' and a result opens the profile", async ({ page }) => {
  await expect(searchBox(page)).toHaveAttribute('placeholder', 'Search friend');
  await searchBox(page).fill('zz top');
  await expect(page.getByText('No such user is there...')).toBeVisible();

  await searchBox(page).fill('kenji');
  await results(page).getByRole('link', { name: /Kenji Watanabe/ }).click();
  await expect(page).toHaveURL(/\/profile\/kenji\.w$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Kenji Watanabe' })).toBeVisible();
  await expect(results(page)).toBeHidden();
});

test('suggestions list everyone not yet followed, each with a Follow button', async ({ page }) => {
  await showSuggestions(page);
  await expect(suggestions(page).getByRole('heading', { level: 2, name: 'Suggestions for you' })).toBeVisible();
  await expect(suggestions(page).getByRole('listitem')).toHaveCount(NOT_FOLLOWED.length);
  for (const [username, name] of NOT_FOLLOWED) {
    const row = suggestionRow(page, name);
    await expect(row.getByRole('link')).toHaveAttribute('href', `/profile/${username}`);
    await expect(row.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  }
  await expect(suggestionRow(page, 'Priya Nair')).toHaveCount(0);
});

test('following a suggestion says so and takes them off the list', async ({ page }) => {
  await showSuggestions(page);
  await suggestionRow(page, 'Kenji Watanabe').getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByText('Following kenji.w')).toBeVisible();
  await expect(suggestionRow(page, 'Kenji Watanabe')).toHaveCount(0);
  await expect(suggestions(page).getByRole('listitem')).toHaveCount(NOT_FOLLOWED.length - 1);

  await suggestionRow(page, 'Hannah Lee').getByRole('link').click();
  await expect(page).toHaveURL(/\/profile\/hannah\.lee$/);
  await openProfile(page, 'kenji.w');
  await expect(page.getByRole('main').getByRole('button', { name: 'Following', exact: true })).toBeVisible();
});

test("'Followed all' once everyone is followed", async ({ page }) => {
  await showSuggestions(page);
  await followEverySuggestion(page);
  await expect(suggestions(page).getByText('Followed all')).toBeVisible();
  await expect(suggestions(page).getByRole('button', { name: 'Follow' })).toHaveCount(0);
});

test('someone followed and unfollowed is suggested again, and only everyone followed is "Followed all"', async ({ page }) => {
  await showSuggestions(page);
  await expect(suggestions(page).getByRole('listitem')).toHaveCount(NOT_FOLLOWED.length);

  await openProfile(page, 'amara_okafor');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByText('Following amara_okafor')).toBeVisible();
  await main.getByRole('button', { name: 'Following', exact: true }).click();
  await expect(page.getByText('Unfollowed amara_okafor')).toBeVisible();

  // Home without a reload: the page keeps its query cache.
  await page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(page).toHaveURL(/\/home$/);
  await showSuggestions(page);
  await expect(suggestionRow(page, 'Amara Okafor')).toHaveCount(1);
  await expect(suggestions(page).getByRole('listitem')).toHaveCount(NOT_FOLLOWED.length);

  await followEverySuggestion(page);
  await expect(suggestions(page).getByText('Followed all')).toBeVisible();

  // The back end agrees: the guest follows every other user.
  const { users } = await page.evaluate(() => fetch('/api/users').then((response) => response.json() as Promise<{ users: { username: string; following: { username: string }[] }[] }>));
  const guest = users.find((user) => user.username === GUEST)!;
  const others = users.filter((user) => user.username !== GUEST).map((user) => user.username);
  expect(guest.following.map((user) => user.username).sort()).toEqual(others.sort());
});
