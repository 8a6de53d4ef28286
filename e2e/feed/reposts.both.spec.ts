import { GUEST_CREDENTIALS } from '@chirp/contracts';
import type { Locator } from '@playwright/test';
import { expect, logIn, openLoggedIn, signOut, test } from '../support/fixtures';
import { expectNoViolationsInEitherTheme } from '../profile/a11y-helpers';
import { SEED_PASSWORD } from '../profile/profile-helpers';
import { EVERYONE, feedReady, homeComposer, homeFeed, postCard, publish, toastMessage } from './feed-helpers';

// Sofia is a seed author the demo guest does not follow; priya.nair is one the guest follows.
const SOFIA_POST = 'Low tide this morning';
const PRIYA = { username: 'priya.nair', password: SEED_PASSWORD };

const repostButton = (card: Locator) => card.getByRole('button', { name: 'Repost', exact: true });

test('a repost shows under Following to the reposter’s followers, once, as “Reposted by @name”; its count opens who reposted', async ({ page }, testInfo) => {
  await openLoggedIn(page, EVERYONE, PRIYA);
  const card = postCard(page, SOFIA_POST);
  await repostButton(card).click();
  await expect(repostButton(card)).toHaveAttribute('aria-pressed', 'true');
  // The repost is kept (not only shown) before the person leaves.
  await expect(toastMessage(page, 'Reposted')).toBeVisible();

  await signOut(page, testInfo);
  await logIn(page, GUEST_CREDENTIALS);
  await expect(page.getByRole('tablist', { name: 'Home feeds' }).getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
  await feedReady(page);
  const reposted = homeFeed(page).getByRole('article').filter({ hasText: SOFIA_POST });
  await expect(reposted).toHaveCount(1);
  await expect(reposted).toContainText('Reposted by @priya.nair');
  await expect(reposted.getByRole('link', { name: '@priya.nair' })).toHaveAttribute('href', '/profile/priya.nair');

  const count = reposted.getByRole('button', { name: 'Reposted by 1 person' });
  await count.click();
  const dialog = page.getByRole('dialog', { name: 'Reposted by' });
  await expect(dialog.getByRole('link', { name: /@priya\.nair/ })).toBeVisible();
  await expectNoViolationsInEitherTheme(page, 'the Reposted by dialog', 'dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(count).toBeFocused();
});

test('Quote opens the composer with the post as a card; the quote shows it embedded, and “This post was deleted” once it is deleted', async ({ page }, testInfo) => {
  await openLoggedIn(page);
  await feedReady(page);
  const original = `Worth quoting (${testInfo.project.name})`;
  await publish(homeComposer(page), original);
  const originalCard = postCard(page, original);
  await expect(originalCard).toHaveCount(1);

  await originalCard.getByRole('button', { name: 'Quote', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Quote' });
  await expect(dialog.getByRole('group', { name: 'Quoted post by @guestuser' })).toContainText(original);
  await expectNoViolationsInEitherTheme(page, 'the Quote dialog', 'dialog');
  await publish(dialog, 'My own words on it');
  await expect(dialog).toBeHidden();

  const quote = postCard(page, 'My own words on it');
  const embedded = quote.getByRole('group', { name: 'Quoted post by @guestuser' });
  await expect(embedded).toContainText(original);
  await expectNoViolationsInEitherTheme(page, 'a card with a quote', 'main');

  await originalCard.filter({ hasNotText: 'My own words on it' }).getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Delete Post' }).click();
  await page.getByRole('dialog', { name: 'Delete post?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toastMessage(page, 'Post Deleted!')).toBeVisible();
  // Once the undo window has passed and the post is gone, the quote says so where it was.
  await expect(quote).toContainText('This post was deleted', { timeout: 20_000 });
  await expect(quote.getByRole('group', { name: /Quoted post/ })).toHaveCount(0);
  await page.reload();
  await expect(postCard(page, 'My own words on it')).toContainText('This post was deleted');
  await expectNoViolationsInEitherTheme(page, 'a quote of a deleted post', 'main');
});

test('the author of a post that someone reposts and quotes finds both on their Notifications page, each leading to its post', async ({ page }, testInfo) => {
  const guestPost = 'Hello Chirp!';
  await openLoggedIn(page, EVERYONE, PRIYA);
  const card = postCard(page, guestPost);
  await repostButton(card).click();
  await expect(toastMessage(page, 'Reposted')).toBeVisible();
  await card.getByRole('button', { name: 'Quote', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Quote' });
  await publish(dialog, 'Welcome, guest');
  await expect(dialog).toBeHidden();
  await expect(postCard(page, 'Welcome, guest')).toHaveCount(1);

  await signOut(page, testInfo);
  await logIn(page, GUEST_CREDENTIALS);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Notifications, 2 unread' }).click();
  const lines = page.getByRole('list', { name: 'Notifications' }).getByRole('link');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toHaveAccessibleName(/^Unread: Priya quoted your post .*Welcome, guest$/);
  await expect(lines.nth(1)).toHaveAccessibleName(/^Unread: Priya reposted your post .*Hello Chirp!/);
  await lines.nth(0).click();
  await expect(page).toHaveURL(/\/post\/[^/]+$/);
  await expect(page.getByRole('main').getByRole('article').filter({ hasText: 'Welcome, guest' }).first()).toBeVisible();
});
