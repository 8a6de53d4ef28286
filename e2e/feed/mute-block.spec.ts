import { expect, openLoggedIn, test } from '../support/fixtures';
import { EVERYONE, feedReady, homeFeed, postCard, toastMessage } from './feed-helpers';

const SOFIAS_POST = 'Two octopuses';
const MARCUS_POST = 'a retry without backoff';

/** Opens the ⋯ menu of someone else's post and picks `item`. */
async function choose(page: import('@playwright/test').Page, postText: string, item: string) {
  await postCard(page, postText).getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menu', { name: 'More options' }).getByRole('menuitem', { name: item }).click();
}

test('someone else’s post offers Mute, Block, Report post and Copy link; muting takes the author’s posts out of the feed, for good', async ({ page }) => {
  await openLoggedIn(page, EVERYONE);
  await feedReady(page);
  await postCard(page, SOFIAS_POST).getByRole('button', { name: 'More options' }).click();
  const menu = page.getByRole('menu', { name: 'More options' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Mute @sofia.alvarez', 'Block @sofia.alvarez', 'Report post', 'Copy link']);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);

  await choose(page, SOFIAS_POST, 'Mute @sofia.alvarez');
  await expect(toastMessage(page, 'Muted @sofia.alvarez')).toBeVisible();
  await expect(postCard(page, SOFIAS_POST)).toHaveCount(0);
  await expect(homeFeed(page).getByRole('article').filter({ hasText: '@sofia.alvarez' })).toHaveCount(0);

  await page.reload();
  await feedReady(page);
  await expect(postCard(page, MARCUS_POST)).toBeVisible();
  await expect(postCard(page, SOFIAS_POST)).toHaveCount(0);
});

test('blocking the author of a post takes their posts away; their profile says so, and unblocks', async ({ page }) => {
  await openLoggedIn(page, EVERYONE);
  await feedReady(page);
  await choose(page, MARCUS_POST, 'Block @marcus_bell');
  await expect(toastMessage(page, 'Blocked @marcus_bell')).toBeVisible();
  await expect(postCard(page, MARCUS_POST)).toHaveCount(0);

  await page.goto('/profile/marcus_bell');
  const main = page.getByRole('main');
  await expect(main.getByRole('note')).toHaveText('You have blocked this account.');
  await expect(main.getByRole('article')).toHaveCount(0);
  // The profile's own actions (not the suggestions beside it).
  const actions = main.locator('.profile__actions');
  await expect(actions.getByRole('button', { name: /^Follow/ })).toHaveCount(0);

  await main.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Unblock @marcus_bell' }).click();
  await expect(toastMessage(page, 'Unblocked @marcus_bell')).toBeVisible();
  await expect(main.getByRole('note')).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await expect(main.getByRole('article').first()).toBeVisible();
});
