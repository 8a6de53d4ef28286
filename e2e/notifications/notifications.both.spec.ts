import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import type { Page, TestInfo } from '@playwright/test';
import { expect, logIn, test } from '../support/fixtures';
import { isPhone, likeButton, postCard, replyButton } from '../feed/feed-helpers';
import { SEED_PASSWORD } from '../profile/profile-helpers';

const SCREENSHOTS = resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots');
const GUEST_POST = 'Hello Chirp!';

async function signOut(page: Page, testInfo: TestInfo) {
  if (isPhone(testInfo)) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  } else {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Signout' }).click();
  }
  await expect(page).toHaveURL(/\/$/);
}

/** Two people like the guest's post, one follows the guest and replies to it: three lines for the guest. */
async function makeNotificationsForGuest(page: Page, testInfo: TestInfo) {
  for (const username of ['priya.nair', 'marcus_bell']) {
    await logIn(page, { username, password: SEED_PASSWORD });
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

test('likes group in one line; a follow and a reply each say so; the badge goes once the page is opened; axe finds nothing', async ({
  page,
}, testInfo) => {
  test.slow();
  await makeNotificationsForGuest(page, testInfo);
  await logIn(page, GUEST_CREDENTIALS);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const badge = nav.getByRole('link', { name: 'Notifications, 3 unread' });
  await expect(badge).toBeVisible();
  await expect(badge).toContainText('3');

  await page.goto('/notifications'); // a fresh load: no toast in the picture
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const lines = page.getByRole('list', { name: 'Notifications' }).getByRole('link');
  await expect(lines).toHaveCount(3);
  // Newest first: Marcus's like came last and joined Priya's, so that line moved to the top.
  await expect(lines.nth(0)).toHaveAccessibleName(/^Unread: Marcus and 1 other liked your post .*Hello Chirp!/);
  await expect(lines.nth(1)).toHaveAccessibleName(/^Unread: Priya followed you/);
  await expect(lines.nth(1)).toHaveAttribute('href', '/profile/priya.nair');
  await expect(lines.nth(2)).toHaveAccessibleName(/^Unread: Priya replied to your post .*Welcome aboard/);
  await expect(nav.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  const results = await new AxeBuilder({ page }).include('main').include('nav').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
  await page.screenshot({ path: resolve(SCREENSHOTS, `notifications-${isPhone(testInfo) ? 'phone' : 'desktop'}.png`) });

  // A line opens what it is about; the next visit shows them read.
  await lines.nth(0).click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]+$/);
  await expect(page.getByRole('main').getByRole('region', { name: 'Replies' })).toContainText('Welcome aboard');
  await page.goBack();
  await expect(lines.first()).toHaveAccessibleName(/^Marcus and 1 other liked your post/);
});
