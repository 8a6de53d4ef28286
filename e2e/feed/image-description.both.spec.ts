import { expect, openLoggedIn, test } from '../support/fixtures';
import { expectNoViolationsInEitherTheme } from '../profile/a11y-helpers';
import { attachPicture, feedReady, homeComposer, postCard, toastMessage } from './feed-helpers';

test('an image goes out with the description its author wrote: it names the image in the feed and shows under it enlarged', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  const composer = homeComposer(page);
  await attachPicture(composer);
  await composer.getByRole('button', { name: 'Add description' }).click();
  const dialog = page.getByRole('dialog', { name: 'Describe the image' });
  const field = dialog.getByRole('textbox', { name: 'Description' });
  await expect(field).toBeFocused();
  await field.fill('A sunrise over a calm bay, the sky orange');
  await expectNoViolationsInEitherTheme(page, 'the image description dialog', 'dialog');
  await dialog.getByRole('button', { name: 'Save description' }).click();
  await expect(dialog).toBeHidden();
  await expect(composer.getByRole('button', { name: 'Edit description' })).toBeVisible();

  await composer.getByRole('textbox', { name: 'Write a post' }).fill('Morning, described');
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toastMessage(page, 'Post uploaded Successfully')).toBeVisible();

  const card = postCard(page, 'Morning, described');
  const image = card.getByRole('img', { name: 'A sunrise over a calm bay, the sky orange' });
  await expect(image).toBeVisible();
  await card.getByRole('button', { name: 'A sunrise over a calm bay, the sky orange' }).click();
  const lightbox = page.getByRole('dialog', { name: 'Image' });
  await expect(lightbox.locator('figcaption')).toHaveText('A sunrise over a calm bay, the sky orange');
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  // Kept: after a reload the image still says what it shows.
  await page.reload();
  await expect(postCard(page, 'Morning, described').getByRole('img', { name: 'A sunrise over a calm bay, the sky orange' })).toBeVisible();
});
