import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { expect, openLoggedIn, test } from '../support/fixtures';
import { expectNoViolationsInEitherTheme } from '../profile/a11y-helpers';
import { likeButton, likeCount, postCard } from './feed-helpers';

const CHECKLIST = 'Field season checklist'; // 455 likes, not liked by the guest

test('a like count opens who likes the post: a dialog that holds focus, closes on Escape and links to each profile', async ({ page }) => {
  await openLoggedIn(page, '/explore');
  const card = postCard(page, CHECKLIST);
  await likeButton(card).click();
  await expect(likeCount(card)).toHaveText('456');

  const count = card.getByRole('button', { name: 'Liked by 456 people' });
  await count.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Liked by' });
  const guest = dialog.getByRole('link', { name: new RegExp(`@${GUEST_CREDENTIALS.username}`) });
  await expect(guest).toBeVisible();
  // The demo data's count was set without a person for each like: the dialog says so.
  await expect(dialog).toContainText('And 455 more not listed here.');
  await expectNoViolationsInEitherTheme(page, 'the Liked by dialog', 'dialog');
  // Focus stays in the dialog, and Escape gives it back to the count.
  for (let step = 0; step < 4; step += 1) await page.keyboard.press('Tab');
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(count).toBeFocused();

  await count.click();
  await guest.click();
  await expect(page).toHaveURL(new RegExp(`/profile/${GUEST_CREDENTIALS.username}$`));
  await expect(dialog).toBeHidden();
});
