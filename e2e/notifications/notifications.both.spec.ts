import { resolve } from 'node:path';
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { wcagFindings } from '../support/axe';
import { expect, logIn, test } from '../support/fixtures';
import { isPhone } from '../feed/feed-helpers';
import { makeNotificationsForGuest } from './notifications-helpers';

const SCREENSHOTS = resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots');

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

  expect(await wcagFindings(page, ['main', 'nav'])).toEqual([]);
  await page.screenshot({ path: resolve(SCREENSHOTS, `notifications-${isPhone(testInfo) ? 'phone' : 'desktop'}.png`) });

  // A line opens what it is about; the next visit shows them read.
  await lines.nth(0).click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]+$/);
  await expect(page.getByRole('main').getByRole('region', { name: 'Replies' })).toContainText('Welcome aboard');
  await page.goBack();
  await expect(lines.first()).toHaveAccessibleName(/^Marcus and 1 other liked your post/);
});
