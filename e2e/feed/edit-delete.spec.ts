import { expect, openLoggedIn, test } from '../support/fixtures';
import { attachPicture, feedReady, homeComposer, openPostEditor, postCard, toastMessage } from './feed-helpers';

const OWN_POST = 'Hello Chirp! Trying out the demo account';
const OTHERS_POST = 'Two octopuses';

test('only one’s own posts offer options; the menu works from the keyboard', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  await expect(postCard(page, OTHERS_POST).getByRole('button', { name: 'Post options' })).toHaveCount(0);

  const options = postCard(page, OWN_POST).getByRole('button', { name: 'Post options' });
  await options.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Edit Post', 'Delete Post']);
  await expect(menu.getByRole('menuitem', { name: 'Edit Post' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Delete Post' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(options).toBeFocused();
});

test('editing a post shows its content in a dialog and saves the change', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  const dialog = await openPostEditor(page, OWN_POST);
  const text = dialog.getByRole('textbox', { name: 'Write a post' });
  await expect(text).toHaveValue(/^Hello Chirp! Trying out the demo account/);
  await expect(text).toBeFocused();
  await text.fill('Hello Chirp, edited: the demo account says hi again.');
  await dialog.getByRole('button', { name: 'Update' }).click();

  await expect(toastMessage(page, 'Post Edited Successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const edited = postCard(page, 'Hello Chirp, edited');
  await expect(edited).toBeVisible();
  await expect(edited.getByRole('button', { name: 'Post options' })).toBeFocused();
  await page.reload();
  await expect(postCard(page, 'Hello Chirp, edited')).toBeVisible();
});

test('Escape closes the edit dialog without a change', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  const dialog = await openPostEditor(page, OWN_POST);
  await dialog.getByRole('textbox', { name: 'Write a post' }).fill('Never saved');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(postCard(page, OWN_POST)).toBeVisible();
  await expect(postCard(page, 'Never saved')).toHaveCount(0);
});

test('deleting a post asks first: Cancel keeps it, Delete takes it out of the feed', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  const options = postCard(page, OWN_POST).getByRole('button', { name: 'Post options' });
  const dialog = page.getByRole('dialog', { name: 'Delete post?' });
  await options.click();
  await page.getByRole('menuitem', { name: 'Delete Post' }).click();
  await expect(dialog).toContainText('This removes the post from Chirp.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(options).toBeFocused();
  await expect(postCard(page, OWN_POST)).toBeVisible();

  await options.click();
  await page.getByRole('menuitem', { name: 'Delete Post' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toastMessage(page, 'Post Deleted!')).toBeVisible();
  await expect(postCard(page, OWN_POST)).toHaveCount(0);
  // Whether it is gone for good, or back on Undo: delete-undo.spec.ts.
});

test('editing an image post shows its image, which can be removed', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  const composer = homeComposer(page);
  await attachPicture(composer);
  await composer.getByRole('textbox', { name: 'Write a post' }).fill('Picture to edit');
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toastMessage(page, 'Post uploaded Successfully')).toBeVisible();

  const card = postCard(page, 'Picture to edit');
  await expect(card.getByRole('img', { name: /Image in/ })).toBeVisible();
  const dialog = await openPostEditor(page, 'Picture to edit');
  await expect(dialog.getByRole('textbox', { name: 'Write a post' })).toHaveValue('Picture to edit');
  await expect(dialog.getByRole('img', { name: 'Selected image' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove image' }).click();
  await dialog.getByRole('button', { name: 'Update' }).click();

  await expect(toastMessage(page, 'Post Edited Successfully')).toBeVisible();
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: /Image in/ })).toHaveCount(0);
});
