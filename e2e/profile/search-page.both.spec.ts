import { expect, openLoggedIn, test } from '../support/fixtures';
import { postCard } from '../feed/feed-helpers';
import { searchBox } from './profile-helpers';

/**
 * The search box finds people as it always did, and Enter opens /search with the posts too,
 * on the tab that has results.
 */
test('Enter in the search box opens the search page on the tab with results: here the posts with the word, people in the other', async ({
  page,
}) => {
  await openLoggedIn(page);
  await searchBox(page).fill('sourdough');
  await searchBox(page).press('Enter');

  await expect(page).toHaveURL(/\/search\?q=sourdough$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for “sourdough”' })).toBeVisible();
  // One search box on the page: the page's own, holding the search.
  await expect(page.getByRole('searchbox')).toHaveCount(1);
  await expect(page.getByRole('searchbox', { name: 'Search people and posts' })).toHaveValue('sourdough');
  // Nobody is called sourdough; a post holds the word.
  await expect(page.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
  await expect(postCard(page, 'Day 14 of the sourdough experiment')).toBeVisible();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);

  await page.getByRole('tab', { name: 'People' }).click();
  await expect(page.getByRole('main').getByText('No such user is there...')).toBeVisible();
  await expect(page).toHaveURL(/\/search\?q=sourdough&tab=people$/);

  // Another search from the page's own box: a person, by name, opens on the people.
  await page.getByRole('searchbox', { name: 'Search people and posts' }).fill('Priya');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for “Priya”' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('list', { name: 'People matching Priya' }).getByRole('link', { name: /Priya Nair/ })).toBeVisible();
});

test('a person found can be followed from the results, and the side box comes back after the search', async ({ page }) => {
  await openLoggedIn(page);
  await page.goto('/search?q=Kenji');
  const people = page.getByRole('list', { name: 'People matching Kenji' });
  const row = people.getByRole('listitem').filter({ has: page.getByRole('link', { name: /Kenji Watanabe/ }) });
  await row.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(row.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await expect(page.getByText('Following kenji.w')).toBeVisible();

  await page.getByRole('link', { name: /Kenji Watanabe/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kenji Watanabe' })).toBeVisible();
  await expect(searchBox(page)).toBeVisible();
});
