import { GUEST_CREDENTIALS } from '@chirp/contracts';
import type { Page } from '@playwright/test';
import { expect, logIn, openLoggedIn, signOut, test } from '../support/fixtures';
import { postCard, replyButton, toastMessage, timeLink } from './feed-helpers';
import { SEED_PASSWORD, searchBox } from '../profile/profile-helpers';

/**
 * Conversations, mentions and notifications, as two people use them in one browser (the in-browser back end keeps one browser's data):
 * Priya asks, the guest replies and mentions her; Priya sees the unread badge and the notification,
 * reads the thread on the post's page, finds the reply by a word and by its hashtag, and deletes her
 * post: the reply stays, under "This post was deleted".
 */
const PRIYA = { username: 'priya.nair', password: SEED_PASSWORD };

/** The Notifications entry of the layout in view (sidebar on desktops, bottom bar on phones). */
const notificationsLink = (page: Page, name: string | RegExp) => page.getByRole('link', { name }).locator('visible=true');

test('a reply with a mention: the other person is notified, reads the thread, finds it by word and by tag; deleting the first post leaves a placeholder', async ({
  page,
}, testInfo) => {
  test.slow(); // three log ins, a search and a deletion
  const word = `zephyrloaf${Date.now() % 100_000}`;
  const question = `Anyone baking this weekend? ${word}-question`;
  const answer = `@${PRIYA.username} yes, rye ${word} #crumbshot`;

  // Priya asks.
  await openLoggedIn(page, '/home', PRIYA);
  const composer = page.getByRole('main').getByRole('form', { name: 'Create post' });
  await composer.getByRole('textbox', { name: 'Write a post' }).fill(question);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(postCard(page, question)).toBeVisible();
  await signOut(page, testInfo);

  // The guest answers from the card's Reply button.
  await logIn(page, GUEST_CREDENTIALS);
  const card = postCard(page, question);
  await expect(replyButton(card)).toHaveAccessibleName('Reply, 0 replies');
  await replyButton(card).click();
  const dialog = page.getByRole('dialog', { name: 'Reply' });
  await expect(dialog).toContainText(`Replying to @${PRIYA.username}`);
  await dialog.getByRole('textbox', { name: 'Write a reply' }).fill(answer);
  await dialog.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(toastMessage(page, 'Your reply was posted')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(replyButton(card)).toHaveAccessibleName('Reply, 1 reply');
  // The feed shows posts that start a conversation: the reply is on the post's page, not here.
  await expect(postCard(page, answer)).toHaveCount(0);
  await signOut(page, testInfo);

  // Priya is told.
  await logIn(page, PRIYA);
  const unread = notificationsLink(page, 'Notifications, 1 unread');
  await expect(unread).toBeVisible();
  await expect(unread).toContainText('1');
  await unread.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const line = page.getByRole('main').getByRole('link', { name: /Guest replied to your post/ });
  await expect(line).toBeVisible();
  await expect(notificationsLink(page, 'Notifications')).toBeVisible();
  await expect(notificationsLink(page, /unread/)).toHaveCount(0);

  // The thread: her question above, the reply, its mention a link to her profile.
  await line.click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]+$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('list', { name: 'Earlier in the conversation' }).getByRole('article')).toContainText(question);
  const reply = postCard(page, answer);
  await expect(reply).toContainText(`Replying to @${PRIYA.username}`);
  await expect(reply.getByRole('link', { name: `@${PRIYA.username}` }).first()).toHaveAttribute('href', `/profile/${PRIYA.username}`);
  await expect(main.getByRole('heading', { level: 2, name: 'Replies' })).toBeVisible();
  await expect(main.getByRole('textbox', { name: 'Write a reply' })).toBeVisible();

  // Found by a word, and by its hashtag.
  await searchBox(page).fill(word);
  await searchBox(page).press('Enter');
  await page.getByRole('tab', { name: 'Posts' }).click();
  await expect(postCard(page, answer)).toBeVisible();
  await postCard(page, answer).getByRole('link', { name: '#crumbshot' }).click();
  await expect(page).toHaveURL(/\/search\?q=%23crumbshot$/);
  await page.getByRole('tab', { name: 'Posts' }).click();
  await expect(postCard(page, answer)).toBeVisible();

  // Priya deletes her question: the reply stays, under a placeholder.
  await timeLink(postCard(page, answer)).click();
  const question_ = main.getByRole('list', { name: 'Earlier in the conversation' }).getByRole('article');
  await question_.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Delete Post' }).click();
  await page.getByRole('dialog', { name: 'Delete post?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toastMessage(page, 'Post Deleted!')).toBeVisible();
  await expect(main.getByText('This post was deleted')).toBeVisible();
  await expect(postCard(page, answer)).toContainText('Replying to a deleted post');
  // The deletion goes once its undo window is over, when the toast leaves (the back end is the page's).
  await expect(toastMessage(page, 'Post Deleted!')).toHaveCount(0);
  await page.reload();
  await expect(main.getByText('This post was deleted')).toBeVisible();
  await expect(postCard(page, answer)).toBeVisible();
});

test('the back button from a post’s page returns to the same place in the feed', async ({ page }) => {
  await openLoggedIn(page);
  const feed = page.getByRole('feed', { name: 'Latest Posts' });
  const cards = feed.getByRole('article');
  await expect(cards.nth(5)).toBeVisible();
  await cards.nth(5).scrollIntoViewIfNeeded();
  const text = (await cards.nth(5).locator('.post-card__content').textContent())!.slice(0, 30);
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(100);
  await postCard(page, text).locator('.post-card__content').click();
  await expect(page).toHaveURL(/\/post\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Post' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
  await expect(postCard(page, text)).toBeInViewport();
});
