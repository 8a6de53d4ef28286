import { expectToast, recordToasts } from '../support/api-server';
import { expect, openLoggedIn, test } from '../support/fixtures';
import { EVERYONE, bookmarkButton, feedReady, postCard, toastMessage } from './feed-helpers';

const OCTOPUS = 'Two octopuses';

test('a bookmarked post appears on the bookmarks page, and leaves it when removed', async ({ page }) => {
  await openLoggedIn(page, EVERYONE);
  await feedReady(page);
  const card = postCard(page, OCTOPUS);
  await expect(bookmarkButton(card)).toHaveAttribute('aria-pressed', 'false');
  await bookmarkButton(card).click();
  await expect(bookmarkButton(card)).toHaveAttribute('aria-pressed', 'true');
  await expect(toastMessage(page, 'Post Bookmarked !')).toBeVisible();

  await page.getByRole('link', { name: 'Bookmarks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Bookmarks' })).toBeVisible();
  const saved = postCard(page, OCTOPUS);
  await expect(saved).toBeVisible();
  await expect(bookmarkButton(saved)).toHaveAttribute('aria-pressed', 'true');

  await bookmarkButton(saved).click();
  await expect(toastMessage(page, 'Post removed from Bookmark !')).toBeVisible();
  await expect(postCard(page, OCTOPUS)).toHaveCount(0);
});

test('the bookmarks page says so when nothing is bookmarked', async ({ page }) => {
  await recordToasts(page.context());
  await openLoggedIn(page, EVERYONE);
  await page.getByRole('link', { name: 'Bookmarks' }).click();
  // The page's own heading first: until it shows, the articles in <main> may still be the home feed's.
  await expect(page.getByRole('heading', { level: 1, name: 'Your Bookmarks' })).toBeVisible();
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(1); // the guest's one bookmark in the demo data
  await bookmarkButton(cards.first()).click();
  await expect(cards).toHaveCount(0);
  // The card leaves on the click; the back end has it when it says so (a reload before that would
  // cancel the call, as it would for anyone).
  await expectToast(page, 'Post removed from Bookmark !');
  await expect(page.getByText('No Bookmark Posts!')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No Bookmark Posts!')).toBeVisible();
});
