import { expect, logIn, test } from '../support/fixtures';
import { bookmarkButton, feedReady, likeButton, likeCount, postCard, toastMessage } from './feed-helpers';

/*
 * The in-browser back end answers /api inside the page, so no request reaches the network for
 * Playwright to fail. The back end refuses for real instead: a second tab of the same browser
 * (same saved data) changes the post first, so the first tab's click asks for something the server
 * no longer allows.
 */
const CHECKLIST = 'Field season checklist';

test('a like the back end refuses is rolled back, and its message shown', async ({ page, context }) => {
  await logIn(page);
  await feedReady(page);
  const card = postCard(page, CHECKLIST);
  await expect(likeCount(card)).toHaveText('455');

  const otherTab = await context.newPage();
  await otherTab.goto('/home');
  await likeButton(postCard(otherTab, CHECKLIST)).click();
  await expect(toastMessage(otherTab, 'Post Liked !')).toBeVisible();
  await otherTab.close();

  // This tab still shows the post as not liked: its Like is now refused.
  await expect(likeButton(card)).toHaveAttribute('aria-pressed', 'false');
  await likeButton(card).click();
  await expect(toastMessage(page, 'Cannot like a post that is already liked.')).toBeVisible();
  await expect(likeCount(card)).toHaveText('455');
  await expect(likeButton(card)).toHaveAttribute('aria-pressed', 'false');
  await expect(toastMessage(page, 'Post Liked !')).toHaveCount(0);
});

test('a bookmark the back end refuses is rolled back, and its message shown', async ({ page, context }) => {
  await logIn(page);
  await feedReady(page);
  const card = postCard(page, CHECKLIST);

  const otherTab = await context.newPage();
  await otherTab.goto('/home');
  await bookmarkButton(postCard(otherTab, CHECKLIST)).click();
  await expect(toastMessage(otherTab, 'Post Bookmarked !')).toBeVisible();
  await otherTab.close();

  await bookmarkButton(card).click();
  await expect(toastMessage(page, 'This Post is already bookmarked')).toBeVisible();
  await expect(bookmarkButton(card)).toHaveAttribute('aria-pressed', 'false');
});
