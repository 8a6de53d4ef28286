import { expect, openLoggedIn, test } from '../support/fixtures';
import { expectNoViolationsInEitherTheme } from '../profile/a11y-helpers';
import { postCard } from './feed-helpers';

const NIGHT = 'Shinjuku, 1 a.m.'; // Kenji's post with a picture

test('a post’s image opens larger with its description, from the keyboard; Escape closes it and focus returns', async ({ page }) => {
  await openLoggedIn(page, '/explore');
  const opener = postCard(page, NIGHT).getByRole('button', { name: /^Image in Kenji Watanabe's post$/ });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Image' });
  const image = dialog.getByRole('img', { name: "Image in Kenji Watanabe's post" });
  await expect(image).toBeVisible();
  await expect(image).toBeFocused();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  await expect(dialog.locator('figcaption')).toHaveText("Image in Kenji Watanabe's post");
  await expectNoViolationsInEitherTheme(page, 'the image lightbox', 'dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
