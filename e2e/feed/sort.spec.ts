import { expect, openLoggedIn, test } from '../support/fixtures';
import { EVERYONE, feedReady, homeComposer, homeFeed, postCard, publish, toastMessage } from './feed-helpers';

const shownDates = (page: import('@playwright/test').Page) =>
  homeFeed(page)
    .locator('article time')
    .evaluateAll((times) => times.map((time) => Date.parse(time.getAttribute('datetime') ?? '')));
const shownCounts = (page: import('@playwright/test').Page) =>
  homeFeed(page)
    .locator('article .post-card__action--like .post-card__count')
    .evaluateAll((counts) => counts.map((count) => Number(count.textContent)));
const descending = (values: number[]) => [...values].sort((a, b) => b - a);

test('the home feed shows the newest first, and the most liked first under Trending', async ({ page }) => {
  await openLoggedIn(page, EVERYONE);
  await feedReady(page);
  const latest = page.getByRole('button', { name: 'Latest', exact: true });
  const trending = page.getByRole('button', { name: 'Trending', exact: true });
  await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
  await expect(latest).toHaveAttribute('aria-pressed', 'true');
  await expect(trending).toHaveAttribute('aria-pressed', 'false');

  const dates = await shownDates(page);
  expect(dates.length).toBeGreaterThan(3);
  expect(dates).toEqual(descending(dates));

  await trending.click();
  await expect(trending).toHaveAttribute('aria-pressed', 'true');
  await expect(latest).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('heading', { name: 'Trending Posts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latest Posts' })).toHaveCount(0);
  await expect(homeFeed(page).getByRole('article').first()).toContainText('9432');
  const counts = await shownCounts(page);
  expect(counts).toEqual(descending(counts));

  await latest.click();
  await expect(latest).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
  const datesAgain = await shownDates(page);
  expect(datesAgain).toEqual(descending(datesAgain));
});

test('a new post joins the trending order by its likes, and leads the latest order', async ({ page }) => {
  await openLoggedIn(page, EVERYONE);
  await feedReady(page);
  await page.getByRole('button', { name: 'Trending', exact: true }).click();
  await publish(homeComposer(page), 'Fresh off the press, no likes yet');
  await expect(toastMessage(page, 'Post uploaded Successfully')).toBeVisible();

  // 17 posts now; with no likes the new one is last under Trending.
  await expect(homeFeed(page).getByRole('article').first()).toContainText('9432');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const fresh = postCard(page, 'Fresh off the press');
  await expect(fresh).toHaveAttribute('aria-posinset', '17');

  await fresh.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(toastMessage(page, 'Post Liked !')).toBeVisible();
  await expect(fresh).toHaveAttribute('aria-posinset', '17'); // 1 like is still the fewest

  await page.getByRole('button', { name: 'Latest', exact: true }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(homeFeed(page).getByRole('article').first()).toContainText('Fresh off the press');
});
