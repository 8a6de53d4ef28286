import { expect, openLoggedIn, test } from '../support/fixtures';
import { feedReady, homeFeed, publish, toastMessage } from './feed-helpers';

const sidebarPost = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Post', exact: true });

test('the sidebar Post button opens the composer in a dialog that Escape closes', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  await sidebarPost(page).click();
  const dialog = page.getByRole('dialog', { name: 'Create post' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Write a post' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(sidebarPost(page)).toBeFocused();

  await sidebarPost(page).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(sidebarPost(page)).toBeFocused();
});

test('a click beside the composer dialog closes it; a click on its own edges does not', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  await sidebarPost(page).click();
  const dialog = page.getByRole('dialog', { name: 'Create post' });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  // Just inside the dialog's top-left corner: its own box, not the backdrop.
  await page.mouse.click(box.x + 4, box.y + 4);
  await expect(dialog).toBeVisible();
  // The backdrop: the page's top-left corner, outside the dialog.
  await page.mouse.click(4, 4);
  await expect(dialog).toHaveCount(0);
  await expect(sidebarPost(page)).toBeFocused();
});

test('a post from the dialog is published and the dialog closes', async ({ page }) => {
  await openLoggedIn(page);
  await page.getByRole('link', { name: 'Explore' }).click();
  await sidebarPost(page).click();
  const dialog = page.getByRole('dialog', { name: 'Create post' });
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toastMessage(page, 'Empty post is useless!')).toBeVisible();
  await expect(dialog).toBeVisible();

  await publish(dialog, 'Posted from the sidebar dialog');
  await expect(toastMessage(page, 'Post uploaded Successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('article').first()).toContainText('Posted from the sidebar dialog');

  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(homeFeed(page).getByRole('article').first()).toContainText('Posted from the sidebar dialog');
});
