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
