import { expect, openLoggedIn, test } from '../support/fixtures';
import { feedReady, homeFeed, publish, toastMessage } from './feed-helpers';

test('on a phone, Add post opens the composer dialog, which closes after posting', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  const addPost = page.getByRole('button', { name: 'Add post' });
  await addPost.click();
  const dialog = page.getByRole('dialog', { name: 'Create post' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Write a post' })).toBeFocused();

  await publish(dialog, 'Typed on a phone');
  await expect(toastMessage(page, 'Post uploaded Successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(addPost).toBeFocused();
  await expect(homeFeed(page).getByRole('article').first()).toContainText('Typed on a phone');
});

test('on a phone, a draft’s Discard draft and Post stay inside the dialog, under the picker and the counter', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  await page.getByRole('button', { name: 'Add post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create post' });
  const text = dialog.getByRole('textbox', { name: 'Write a post' });
  await text.fill('A draft typed on a phone');
  const discard = dialog.getByRole('button', { name: 'Discard draft' });
  await expect(discard).toBeVisible();
  const [field, post, counter] = await Promise.all([
    text.boundingBox(),
    dialog.getByRole('button', { name: 'Post', exact: true }).boundingBox(),
    dialog.getByText('24/500').boundingBox(),
  ]);
  // The buttons end where the text's column ends (they ran 16 px past it, to the dialog's edge).
  expect(post!.x + post!.width).toBeLessThanOrEqual(field!.x + field!.width + 1);
  expect(post!.y).toBeGreaterThan(counter!.y + counter!.height - 1);
});
