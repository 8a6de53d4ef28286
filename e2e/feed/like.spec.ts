import type { Page } from '@playwright/test';
import { expect, openLoggedIn, test } from '../support/fixtures';
import { EVERYONE, feedReady, homeFeed, likeButton, likeCount, postCard, toastMessage } from './feed-helpers';

const CHECKLIST = 'Field season checklist'; // 455 likes, not liked by the guest

test('liking and disliking a post changes its count and says so; liked posts are listed', async ({ page }) => {
  await openLoggedIn(page, EVERYONE);
  await feedReady(page);
  const card = postCard(page, CHECKLIST);
  await expect(likeButton(card)).toHaveAttribute('aria-pressed', 'false');
  await expect(likeCount(card)).toHaveText('455');

  await likeButton(card).click();
  await expect(likeButton(card)).toHaveAttribute('aria-pressed', 'true');
  await expect(likeCount(card)).toHaveText('456');
  await expect(toastMessage(page, 'Post Liked !')).toBeVisible();

  await page.getByRole('link', { name: 'Liked Post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Liked Post' })).toBeVisible();
  await expect(postCard(page, CHECKLIST)).toBeVisible();

  await page.getByRole('link', { name: 'Home', exact: true }).click();
  // Home opens on Following; the checklist's author (sofia.alvarez) is one the guest does not follow.
  await page.getByRole('tab', { name: 'Everyone' }).click();
  await likeButton(postCard(page, CHECKLIST)).click();
  await expect(likeCount(postCard(page, CHECKLIST))).toHaveText('455');
  await expect(likeButton(postCard(page, CHECKLIST))).toHaveAttribute('aria-pressed', 'false');
  await expect(toastMessage(page, 'Post Disliked !')).toBeVisible();

  // The server kept it: after a reload the count and state are the same.
  await page.reload();
  await expect(likeCount(postCard(page, CHECKLIST))).toHaveText('455');
  await page.getByRole('link', { name: 'Liked Post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Liked Post' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(postCard(page, CHECKLIST)).toHaveCount(0);
});

test('the liked posts page says so when nothing is liked any more', async ({ page }) => {
  await openLoggedIn(page, EVERYONE);
  await page.getByRole('link', { name: 'Liked Post' }).click();
  // The page's own heading first: until it shows, the articles in <main> may still be the home feed's.
  await expect(page.getByRole('heading', { level: 1, name: 'Liked Post' })).toBeVisible();
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.first()).toBeVisible();
  const liked = await cards.count();
  expect(liked).toBeGreaterThan(0);
  for (let left = liked; left > 0; left -= 1) {
    await likeButton(cards.first()).click();
    await expect(cards).toHaveCount(left - 1);
  }
  await expect(page.getByText('No Liked Posts!')).toBeVisible();
});

test('the Like button answers at once, and rapid clicks never double count', async ({ page }) => {
  // The spec's 400 ms back end: the UI must not wait for it.
  await openLoggedIn(page, `${EVERYONE}&mockDelay=400`);
  await feedReady(page);
  const card = postCard(page, CHECKLIST);

  await likeButton(card).click();
  await expect(likeCount(card)).toHaveText('456', { timeout: 300 });
  await expect(toastMessage(page, 'Post Liked !')).toHaveCount(0); // the answer is not there yet
  await likeButton(card).click();
  await likeButton(card).click();
  await expect(likeCount(card)).toHaveText('456');
  await expect(likeButton(card)).toHaveAttribute('aria-pressed', 'true');
  await expect(toastMessage(page, 'Post Liked !')).toBeVisible();

  // Three more clicks during one call: the last wish (not liked) wins, with no call contradicting another.
  await likeButton(card).click();
  await likeButton(card).click();
  await likeButton(card).click();
  await expect(likeCount(card)).toHaveText('455');
  await expect(toastMessage(page, 'Post Disliked !')).toBeVisible(); // one toast per post, updated in place
  await page.waitForTimeout(1000); // let any further call finish before asking the server

  await page.goto(`${EVERYONE}&mockDelay=0`);
  await expect(likeCount(postCard(page, CHECKLIST))).toHaveText('455');
  await expect(likeButton(postCard(page, CHECKLIST))).toHaveAttribute('aria-pressed', 'false');
});

/** The x of each card's Like, Repost, Quote and Bookmark on the Everyone feed, whose like counts run from 0 to 4 digits. */
async function actionColumns(page: Page) {
  await openLoggedIn(page, EVERYONE);
  await feedReady(page);
  const names = ['Like', 'Repost', 'Quote', 'Bookmark'];
  const cards = homeFeed(page).getByRole('article');
  // The demo feed's like counts run from 0 (no button) through 2 to 4 digits (a button that opens the list).
  const counts = await cards.locator('.post-card__action--like .post-card__count').allTextContents();
  expect(new Set(counts.map((count) => count.length)).size).toBeGreaterThan(1);
  return Promise.all(
    (await cards.all()).map(async (card) =>
      Promise.all(names.map(async (name) => Math.round((await card.getByRole('button', { name, exact: true }).boundingBox())!.x))),
    ),
  );
}

test('each action stands in the same column on every card, whatever its count', async ({ page }) => {
  const rows = await actionColumns(page);
  expect(rows.length).toBeGreaterThan(3);
  for (const row of rows) expect(row).toEqual(rows[0]);
});

test('on a phone 390 px wide too, where the actions are spread across the card, inside it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const rows = await actionColumns(page);
  for (const row of rows) expect(row).toEqual(rows[0]);
  const cards = homeFeed(page).getByRole('article');
  for (const card of await cards.all()) {
    const [box, bookmark] = await Promise.all([card.boundingBox(), card.getByRole('button', { name: 'Bookmark', exact: true }).boundingBox()]);
    expect(bookmark!.x + bookmark!.width).toBeLessThanOrEqual(box!.x + box!.width);
  }
  // The phone's header stays as it is at every phone width: the name above the @username.
  const [name, username] = await Promise.all(['.post-card__name', '.post-card__username'].map((part) => cards.first().locator(part).boundingBox()));
  expect(username!.y).toBeGreaterThanOrEqual(name!.y + name!.height - 1);
});
