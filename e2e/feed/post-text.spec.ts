import { expect, openLoggedIn, test } from '../support/fixtures';
import { feedReady, homeComposer, postCard, publish } from './feed-helpers';

/** A post's #tags link to their search, its addresses open in a new tab; a #tag finds its posts. */
test('a #tag in a post links to the posts with that tag, and an address to its page', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  await publish(homeComposer(page), 'Crumb shot #zanzibarloaf, recipe at https://chirp.example/bread.');
  const card = postCard(page, 'Crumb shot');
  const address = card.getByRole('link', { name: 'https://chirp.example/bread' });
  await expect(address).toHaveAttribute('href', 'https://chirp.example/bread');
  await expect(address).toHaveAttribute('target', '_blank');
  await expect(address).toHaveAttribute('rel', 'noopener noreferrer nofollow');

  await card.getByRole('link', { name: '#zanzibarloaf' }).click();
  await expect(page).toHaveURL(/\/search\?q=%23zanzibarloaf$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for “#zanzibarloaf”' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
  await expect(postCard(page, 'Crumb shot #zanzibarloaf')).toBeVisible();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);

  // Back returns to the feed.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});
