import { seedPostsInBrowser } from '../../bench/feed/seed-posts.mjs';
import { expect, openLoggedIn, test } from '../support/fixtures';
import { EVERYONE, feedReady, homeFeed } from './feed-helpers';

/** What is near the viewport: what shows, and 20 posts either side of it. */
const MAX_ARTICLES = 50;
const scrollY = (page: import('@playwright/test').Page) => page.evaluate(() => Math.round(window.scrollY));
const articlesInDom = (page: import('@playwright/test').Page) => page.locator('article').count();
/** Waits for a few painted frames (measurements and the scroll corrections they cause). */
const framesPainted = (page: import('@playwright/test').Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 150)))),
  );
/** The first post whose top is in the viewport: its place in the feed and its distance from the top. */
const firstInView = (page: import('@playwright/test').Page) =>
  page
    .getByRole('main')
    .getByRole('article')
    .evaluateAll((articles) => {
      const article = articles.find((candidate) => candidate.getBoundingClientRect().top >= 0)!;
      return { position: article.getAttribute('aria-posinset'), top: Math.round(article.getBoundingClientRect().top) };
    });

/** Home, signed in, after 10,000 posts were added to the in-browser back end's data: its feed. */
async function homeWithTenThousandPosts(page: import('@playwright/test').Page) {
  await openLoggedIn(page);
  await page.evaluate(seedPostsInBrowser, { total: 10_000 });
  await page.reload();
  return homeFeed(page);
}

test('with 10,000 posts the feed loads page by page as it scrolls, only the posts near the viewport in the DOM', async ({ page }) => {
  test.setTimeout(60_000);
  const feed = await homeWithTenThousandPosts(page);
  // More pages to come: the size of the list is not known yet (ARIA's -1).
  await expect(feed.getByRole('article').first()).toHaveAttribute('aria-setsize', '-1');
  expect(await feed.getByRole('article').count()).toBeLessThanOrEqual(MAX_ARTICLES);
  expect(await feed.locator('article[aria-posinset="100"]').count()).toBe(0);

  // Scrolling to the end brings the next page, again and again.
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return feed.locator('article[aria-posinset="100"]').count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  expect(await articlesInDom(page)).toBeLessThanOrEqual(MAX_ARTICLES);

  // Coming back from another page shows the same posts at the same place.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await framesPainted(page); // cards measured, positions settled
  expect(await articlesInDom(page)).toBeLessThanOrEqual(MAX_ARTICLES);
  const before = await firstInView(page);
  await page.getByRole('link', { name: 'Explore', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  await page.goBack();
  await expect(feed.locator(`article[aria-posinset="${before.position}"]`)).toBeInViewport();
  await framesPainted(page);
  const after = await firstInView(page);
  expect(after.position).toBe(before.position);
  expect(Math.abs(after.top - before.top)).toBeLessThanOrEqual(2);
});

test('going back to a feed restores its scroll position, and each feed keeps its own', async ({ page }) => {
  // Home's Everyone tab: long enough to scroll (the guest follows two people).
  await openLoggedIn(page, EVERYONE);
  await feedReady(page);
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => scrollY(page)).toBe(1500);

  await page.getByRole('link', { name: 'Explore', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0); // a feed seen for the first time starts at the top
  await page.evaluate(() => window.scrollTo(0, 700));

  await page.goBack();
  await expect(page).toHaveURL(/\/home\?feed=everyone$/);
  await expect.poll(() => scrollY(page)).toBe(1500);

  await page.goForward();
  await expect(page).toHaveURL(/\/explore$/);
  await expect.poll(() => scrollY(page)).toBe(700);

  // Also after opening the author of a post in view, and coming back.
  const { position } = await firstInView(page);
  await page.locator(`main article[aria-posinset="${position}"]`).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/profile\//);
  await page.goBack();
  await expect(page).toHaveURL(/\/explore$/);
  await expect.poll(() => scrollY(page)).toBe(700);
});

test('a list turns windowed past 40 posts where it is: the same posts at the same place, the focus kept', async ({ page }) => {
  test.setTimeout(60_000);
  const feed = await homeWithTenThousandPosts(page);
  /** The list's inline height: set only by the windowed list, which places its cards itself. */
  const windowedHeight = () => feed.evaluate((list) => (list as HTMLElement).style.height);
  const documentTop = (position: number) =>
    feed.locator(`article[aria-posinset="${position}"]`).evaluate((article) => Math.round(article.getBoundingClientRect().top + window.scrollY));

  // Two pages, plain: every card in the page's flow.
  await expect(feed.locator('article[aria-posinset="40"]')).toHaveCount(1);
  expect(await windowedHeight()).toBe('');
  expect(await feed.getByRole('article').count()).toBe(40);
  const plainTop = await documentTop(30);

  // Reaching post 30 brings the third page: the list turns windowed, and nothing moves.
  const like = feed.locator('article[aria-posinset="30"]').getByRole('button', { name: 'Like', exact: true });
  await like.focus();
  await expect(feed.locator('article[aria-posinset="41"]')).toHaveCount(1);
  await expect.poll(windowedHeight).not.toBe('');
  await framesPainted(page);
  await expect(like).toBeFocused();
  await expect(like).toBeInViewport();
  expect(Math.abs((await documentTop(30)) - plainTop)).toBeLessThanOrEqual(2);
  expect(await articlesInDom(page)).toBeLessThanOrEqual(MAX_ARTICLES);
});
