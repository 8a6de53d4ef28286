import type { Page, TestInfo } from '@playwright/test';
import { expect, logIn, openLoggedIn, signOut, test } from '../support/fixtures';
import { attachPicture, EVERYONE, feedReady, homeFeed, isPhone, postCard, replyButton, toastMessage } from './feed-helpers';

// Drafts and relative times, on both layouts.

/** Opens the new-post dialog as each layout offers it: the sidebar's Post, the phone's Add post. */
async function openComposer(page: Page, testInfo: TestInfo) {
  if (isPhone(testInfo)) await page.getByRole('button', { name: 'Add post' }).click();
  else await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Post', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create post' });
  await expect(dialog).toBeVisible();
  return dialog;
}

// Replies go to seed posts of people the guest does not follow: Home's Everyone tab.
test.beforeEach(async ({ page }) => {
  await openLoggedIn(page, EVERYONE);
  await feedReady(page);
});

test('a draft survives closing the dialog and a reload, until Discard draft empties it', async ({ page }, testInfo) => {
  let dialog = await openComposer(page, testInfo);
  await expect(dialog.getByRole('button', { name: 'Discard draft' })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Write a post' }).fill('Half a thought, to finish later');
  await attachPicture(dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.reload();
  await feedReady(page);
  dialog = await openComposer(page, testInfo);
  await expect(dialog.getByRole('textbox', { name: 'Write a post' })).toHaveValue('Half a thought, to finish later');
  await expect(dialog.getByRole('img', { name: 'Selected image' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Discard draft' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Write a post' })).toHaveValue('');
  await expect(dialog.getByRole('textbox', { name: 'Write a post' })).toBeFocused();
  await expect(dialog.getByRole('img', { name: 'Selected image' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Discard draft' })).toHaveCount(0);

  await page.reload();
  await feedReady(page);
  dialog = await openComposer(page, testInfo);
  await expect(dialog.getByRole('textbox', { name: 'Write a post' })).toHaveValue('');
  await expect(dialog.getByRole('img', { name: 'Selected image' })).toHaveCount(0);
});

test('a posted draft is gone, and the new post says "now" in a <time> with its ISO date', async ({ page }, testInfo) => {
  let dialog = await openComposer(page, testInfo);
  await dialog.getByRole('textbox', { name: 'Write a post' }).fill('Fresh off the keyboard');
  await page.keyboard.press('Escape');
  await page.reload();
  await feedReady(page);
  dialog = await openComposer(page, testInfo);
  await expect(dialog.getByRole('textbox', { name: 'Write a post' })).toHaveValue('Fresh off the keyboard');
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toastMessage(page, 'Post uploaded Successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const card = homeFeed(page).getByRole('article').filter({ hasText: 'Fresh off the keyboard' });
  const time = card.locator('time');
  await expect(time).toHaveText('now');
  const datetime = await time.getAttribute('datetime');
  expect(datetime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  expect(Math.abs(Date.parse(datetime!) - Date.now())).toBeLessThan(5 * 60_000);
  // The full date and time on hover.
  await expect(time).toHaveAttribute('title', new RegExp(String(new Date(datetime!).getFullYear())));
  // The seeded posts are older: a short date, or minutes or hours.
  await expect(homeFeed(page).getByRole('article').last().locator('time')).toHaveText(/^(\d+[mh]|.*\d{4})$/);

  await page.reload();
  await feedReady(page);
  dialog = await openComposer(page, testInfo);
  await expect(dialog.getByRole('textbox', { name: 'Write a post' })).toHaveValue('');
  await expect(dialog.getByRole('button', { name: 'Discard draft' })).toHaveCount(0);
});

test('a reply closed with Escape is there when its dialog opens again, and after a reload, until its person signs out', async ({
  page,
}, testInfo) => {
  const openReply = async (text: string) => {
    await replyButton(postCard(page, text)).click();
    const dialog = page.getByRole('dialog', { name: 'Reply' });
    await expect(dialog).toBeVisible();
    return dialog.getByRole('textbox', { name: 'Write a reply' });
  };
  let reply = await openReply('Two octopuses');
  await reply.fill('Which two octopuses?');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  reply = await openReply('Two octopuses');
  await expect(reply).toHaveValue('Which two octopuses?');
  await page.keyboard.type(' Tell me more');
  await expect(reply).toHaveValue('Which two octopuses? Tell me more');
  await page.keyboard.press('Escape');
  // Another post's reply starts empty.
  reply = await openReply('Field season checklist');
  await expect(reply).toHaveValue('');
  await page.keyboard.press('Escape');

  await page.reload();
  await feedReady(page);
  reply = await openReply('Two octopuses');
  await expect(reply).toHaveValue('Which two octopuses? Tell me more');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await signOut(page, testInfo);
  await logIn(page);
  await page.goto(EVERYONE);
  await feedReady(page);
  reply = await openReply('Two octopuses');
  await expect(reply).toHaveValue('');
});
