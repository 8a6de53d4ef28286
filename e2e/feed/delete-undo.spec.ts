import type { Page } from '@playwright/test';
import { expect, openLoggedIn, test } from '../support/fixtures';
import { feedReady, homeFeed, postCard, toastMessage } from './feed-helpers';

/**
 * Delete with care: 'Delete Post' asks first; after Delete the post leaves at once and 'Post
 * Deleted!' offers Undo for about five seconds; the deletion reaches the back end only then. (The
 * in-browser back end runs in the page: a deletion it has not received when the page goes away is
 * lost with it, so these journeys let the window pass before they reload.)
 */
const OWN_POST = 'Hello Chirp! Trying out the demo account';
/** feed-remote's UNDO_WINDOW_MS (src/lib/pending-deletes.ts). */
const UNDO_WINDOW_MS = 5000;

const undoButton = (page: Page) => page.getByRole('button', { name: 'Undo' });

/** The texts of the home feed's posts, in order (their first 30 characters). */
const feedOrder = (page: Page) =>
  homeFeed(page)
    .getByRole('article')
    .locator('.post-card__content')
    .evaluateAll((contents) => contents.map((content) => content.textContent!.slice(0, 30)));

/** Deletes the guest's own post through its menu and the confirmation; answers when that was. */
async function deleteOwnPost(page: Page): Promise<number> {
  await postCard(page, OWN_POST).getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Delete Post' }).click();
  await page.getByRole('dialog', { name: 'Delete post?' }).getByRole('button', { name: 'Delete' }).click();
  return Date.now();
}

test('the question comes up from the keyboard, and Escape keeps the post with focus back on its options', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  const options = postCard(page, OWN_POST).getByRole('button', { name: 'Post options' });
  await options.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Delete post?' });
  await expect(dialog).toContainText('This removes the post from Chirp.');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(options).toBeFocused();
  await expect(postCard(page, OWN_POST)).toBeVisible();
  await expect(toastMessage(page, 'Post Deleted!')).toHaveCount(0);
});

test('Undo within the window brings the post back where it was, and it is still there after a reload', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  const before = await feedOrder(page);
  const deletedAt = await deleteOwnPost(page);

  await expect(toastMessage(page, 'Post Deleted!')).toBeVisible();
  await expect(postCard(page, OWN_POST)).toHaveCount(0);
  await undoButton(page).click();

  await expect(postCard(page, OWN_POST)).toBeVisible();
  expect(await feedOrder(page)).toEqual(before);
  await expect(toastMessage(page, 'Post Deleted!')).toHaveCount(0);
  // The time the deletion would have waited passes: nothing follows an Undo.
  await expect.poll(() => Date.now() - deletedAt, { timeout: 2 * UNDO_WINDOW_MS }).toBeGreaterThan(UNDO_WINDOW_MS + 1000);
  await expect(postCard(page, OWN_POST)).toBeVisible();

  await page.reload();
  await feedReady(page);
  await expect(postCard(page, OWN_POST)).toBeVisible();
});

test('with no Undo, the deletion goes when the window ends: after a reload the post is gone', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  await deleteOwnPost(page);

  await expect(toastMessage(page, 'Post Deleted!')).toBeVisible();
  await expect(undoButton(page)).toBeVisible();
  await expect(postCard(page, OWN_POST)).toHaveCount(0);
  // The window's end takes Undo and the toast away as the deletion goes.
  await expect(undoButton(page)).toHaveCount(0, { timeout: 2 * UNDO_WINDOW_MS });
  await expect(toastMessage(page, 'Post Deleted!')).toHaveCount(0);

  await page.reload();
  await feedReady(page);
  await expect(postCard(page, OWN_POST)).toHaveCount(0);
});
