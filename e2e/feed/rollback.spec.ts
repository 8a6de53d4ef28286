import { expect, openLoggedIn, test } from '../support/fixtures';
import { EVERYONE, bookmarkButton, feedReady, likeButton, likeCount, postCard, timeLink, toastMessage } from './feed-helpers';

/*
 * The in-browser back end answers /api inside the page, so no request reaches the network for
 * Playwright to fail. The back end refuses for real instead: a second tab of the same browser
 * (same saved data) changes the post first, so the first tab's click asks for something the server
 * no longer allows. (A like made in the other tab would show here live, and so would a deletion in
 * the lists: a bookmark does not, nor does a deletion on the post's own page.)
 */
const CHECKLIST = 'Field season checklist';
const OWN_POST = 'Hello Chirp! Trying out the demo account'; // the guest's, 39 likes

test('a like the back end refuses is rolled back, and its message shown', async ({ page, context }) => {
  await openLoggedIn(page, EVERYONE);
  await feedReady(page);
  // The post's own page, which a deletion made elsewhere does not change until it loads again.
  await timeLink(postCard(page, OWN_POST)).click();
  await expect(page).toHaveURL(/\/post\/[^/]+$/);
  const card = page.getByRole('main').getByRole('article').filter({ hasText: OWN_POST });
  await expect(likeCount(card)).toHaveText('39');

  // Another tab deletes the post.
  const otherTab = await context.newPage();
  await otherTab.goto(EVERYONE);
  await postCard(otherTab, OWN_POST).getByRole('button', { name: 'Post options' }).click();
  await otherTab.getByRole('menuitem', { name: 'Delete Post' }).click();
  await otherTab.getByRole('dialog', { name: 'Delete post?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toastMessage(otherTab, 'Post Deleted!')).toBeVisible();
  // The deletion goes once its undo window is over, when the toast leaves; the tab's back end is in
  // the tab, so it stays open until then.
  await expect(toastMessage(otherTab, 'Post Deleted!')).toHaveCount(0);
  await otherTab.close();

  // This tab's Like is now refused: shown at once, then rolled back with the back end's words.
  await expect(likeButton(card)).toHaveAttribute('aria-pressed', 'false');
  await likeButton(card).click();
  await expect(toastMessage(page, 'This post does not exist. It may have been deleted.')).toBeVisible();
  await expect(likeCount(card)).toHaveText('39');
  await expect(likeButton(card)).toHaveAttribute('aria-pressed', 'false');
  await expect(toastMessage(page, 'Post Liked !')).toHaveCount(0);
});

test('a bookmark the back end refuses is rolled back, and its message shown', async ({ page, context }) => {
  await openLoggedIn(page, EVERYONE);
  await feedReady(page);
  const card = postCard(page, CHECKLIST);

  const otherTab = await context.newPage();
  await otherTab.goto(EVERYONE);
  await bookmarkButton(postCard(otherTab, CHECKLIST)).click();
  await expect(toastMessage(otherTab, 'Post Bookmarked !')).toBeVisible();
  await otherTab.close();

  await bookmarkButton(card).click();
  await expect(toastMessage(page, 'This Post is already bookmarked')).toBeVisible();
  await expect(bookmarkButton(card)).toHaveAttribute('aria-pressed', 'false');
});
