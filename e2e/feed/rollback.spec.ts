import { expect, openLoggedIn, test } from '../support/fixtures';
import { EVERYONE, bookmarkButton, feedReady, postCard, toastMessage } from './feed-helpers';

/*
 * The in-browser back end answers /api inside the page, so no request reaches the network for
 * Playwright to fail. The back end refuses for real instead: a second tab of the same browser
 * (same saved data) changes the post first, so the first tab's click asks for something the server
 * no longer allows. A bookmark made in the other tab does not show here live; a like or a deletion
 * would (a refused like is in e2e/server/rollback.server.spec.ts, where another person blocks).
 */
const CHECKLIST = 'Field season checklist';

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
