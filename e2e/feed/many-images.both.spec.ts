import { expect, openLoggedIn, test } from '../support/fixtures';
import { expectNoViolationsInEitherTheme } from '../profile/a11y-helpers';
import { feedReady, homeComposer, PICTURE, postCard, publish, toastMessage } from './feed-helpers';

const TEXT = 'Four mornings, one described';
const DESCRIBED = 'The third sunrise, over a calm bay';

test('four images go out with a description on one: the card shows them as a grid and the lightbox arrows through them', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  const composer = homeComposer(page);
  const picker = composer.getByLabel('Add image');
  // Three at once, then one more: four is all a post takes.
  await picker.setInputFiles([PICTURE, PICTURE, PICTURE]);
  await expect(composer.getByRole('button', { name: 'Remove image 3' })).toBeVisible();
  await picker.setInputFiles(PICTURE);
  await expect(composer.getByRole('button', { name: 'Remove image 4' })).toBeVisible();
  await expect(picker).toBeDisabled();
  await expect(composer.getByText('4 images at most')).toBeVisible();

  await composer.getByRole('button', { name: 'Add description, image 3' }).click();
  const describe = page.getByRole('dialog', { name: 'Describe the image' });
  await describe.getByRole('textbox', { name: 'Description' }).fill(DESCRIBED);
  await describe.getByRole('button', { name: 'Save description' }).click();
  await expect(composer.getByRole('button', { name: 'Edit description, image 3' })).toBeVisible();
  await expectNoViolationsInEitherTheme(page, 'the composer with four images', 'main');

  await composer.getByRole('textbox', { name: 'Write a post' }).fill(TEXT);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toastMessage(page, 'Post uploaded Successfully')).toBeVisible();

  const card = postCard(page, TEXT);
  const cells = card.locator('.post-card__media--4 img');
  await expect(cells).toHaveCount(4);
  await expect(card.getByRole('img', { name: DESCRIBED })).toBeVisible();
  // Nothing shifts: every image's box is set before it loads.
  for (const cell of await cells.all()) expect(await cell.getAttribute('width')).toBeTruthy();

  const opener = card.getByRole('button', { name: DESCRIBED });
  await opener.click();
  const lightbox = page.getByRole('dialog', { name: 'Image 3 of 4' });
  await expect(lightbox.locator('figcaption')).toHaveText(DESCRIBED);
  const shown = lightbox.locator('.image-lightbox__image');
  // It fits the screen, a phone's too.
  const box = await shown.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.width).toBeLessThanOrEqual(viewport.width);
  expect(box!.height).toBeLessThanOrEqual(viewport.height);
  await expectNoViolationsInEitherTheme(page, 'the lightbox of four images', 'dialog');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Image 4 of 4' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Image 1 of 4' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('dialog', { name: 'Image 4 of 4' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(opener).toBeFocused();

  // Kept: after a reload the post still has its four images.
  await page.reload();
  await expect(postCard(page, TEXT).locator('.post-card__media--4 img')).toHaveCount(4);

  // A quote of it carries the four, each named as in the post.
  await postCard(page, TEXT).getByRole('button', { name: 'Quote', exact: true }).click();
  const quoting = page.getByRole('dialog', { name: 'Quote' });
  await publish(quoting, 'All four, quoted');
  await expect(quoting).toBeHidden();
  const embedded = postCard(page, 'All four, quoted').getByRole('group', { name: 'Quoted post by @guestuser' });
  await expect(embedded.getByRole('img')).toHaveCount(4);
  await embedded.getByRole('button', { name: DESCRIBED }).click();
  await expect(page.getByRole('dialog', { name: 'Image 3 of 4' })).toBeVisible();
  await page.keyboard.press('Escape');
});
