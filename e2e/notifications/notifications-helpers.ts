import type { Page, TestInfo } from '@playwright/test';
import { expect, logIn, openLoggedIn, signOut } from '../support/fixtures';
import { EVERYONE, likeButton, postCard, replyButton } from '../feed/feed-helpers';
import { SEED_PASSWORD } from '../profile/profile-helpers';

const GUEST_POST = 'Hello Chirp!';

/** Two people like the guest's post, one follows the guest and replies to it: three lines for the guest. */
export async function makeNotificationsForGuest(page: Page, testInfo: TestInfo) {
  for (const username of ['priya.nair', 'marcus_bell']) {
    // Priya starts the test; Marcus logs in after her, on the data she changed.
    // Neither follows the guest: the guest's post is on Home's Everyone tab.
    if (username === 'priya.nair') await openLoggedIn(page, EVERYONE, { username, password: SEED_PASSWORD });
    else {
      await logIn(page, { username, password: SEED_PASSWORD });
      await page.goto(EVERYONE);
    }
    await likeButton(postCard(page, GUEST_POST)).click();
    await expect(likeButton(postCard(page, GUEST_POST))).toHaveAttribute('aria-pressed', 'true');
    if (username === 'priya.nair') {
      await replyButton(postCard(page, GUEST_POST)).click();
      const dialog = page.getByRole('dialog', { name: 'Reply' });
      await dialog.getByRole('textbox', { name: 'Write a reply' }).fill('Welcome aboard, @guestuser!');
      await dialog.getByRole('button', { name: 'Reply', exact: true }).click();
      await expect(dialog).toBeHidden();
      await page.goto('/profile/guestuser');
      await page.getByRole('main').getByRole('button', { name: 'Follow', exact: true }).click();
      await expect(page.getByRole('main').getByRole('button', { name: 'Following', exact: true })).toBeVisible();
    }
    await signOut(page, testInfo);
  }
}
