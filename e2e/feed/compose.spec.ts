import { expect, openLoggedIn, test } from '../support/fixtures';
import { attachPicture, feedReady, homeComposer, homeFeed, postCard, publish, toastMessage } from './feed-helpers';

test('a text post is published at the top of the feed, line breaks kept, and the composer cleared', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  const composer = homeComposer(page);
  const text = composer.getByRole('textbox', { name: 'Write a post' });

  await text.fill('First line\nSecond line');
  await expect(composer.getByText('22/500')).toBeVisible();
  await composer.getByRole('button', { name: 'Post', exact: true }).click();

  await expect(toastMessage(page, 'Post uploaded Successfully')).toBeVisible();
  await expect(text).toHaveValue('');
  await expect(composer.getByText('0/500')).toBeVisible();
  const first = homeFeed(page).getByRole('article').first();
  await expect(first).toContainText('Guest User');
  expect(await first.locator('.post-card__content').innerText()).toBe('First line\nSecond line');
});

test('an image post shows its image in the feed', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  const composer = homeComposer(page);
  await attachPicture(composer);
  const preview = composer.getByRole('img', { name: 'Selected image' });
  await expect(composer.getByRole('button', { name: 'Post', exact: true })).toBeEnabled();
  await expect(composer.getByRole('button', { name: 'Remove image' })).toBeVisible();

  await composer.getByRole('textbox', { name: 'Write a post' }).fill('Sunrise over the bay');
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toastMessage(page, 'Post uploaded Successfully')).toBeVisible();
  await expect(preview).toHaveCount(0);

  const card = postCard(page, 'Sunrise over the bay');
  const image = card.getByRole('img', { name: /Image in Guest User/ });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('loading', 'lazy');
  expect(await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
});

test('an image post can be sent without text, and a picked image can be removed', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  const composer = homeComposer(page);
  await attachPicture(composer);
  await composer.getByRole('button', { name: 'Remove image' }).click();
  await expect(composer.getByRole('img', { name: 'Selected image' })).toHaveCount(0);

  await attachPicture(composer);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toastMessage(page, 'Post uploaded Successfully')).toBeVisible();
  await expect(homeFeed(page).getByRole('article').first().getByRole('img', { name: /Image in Guest User/ })).toBeVisible();
});

test('an empty post is refused with a message and nothing is sent', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  const before = await homeFeed(page).getByRole('article').first().textContent();
  const composer = homeComposer(page);
  await composer.getByRole('textbox', { name: 'Write a post' }).fill('   ');
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toastMessage(page, 'Empty post is useless!')).toBeVisible();
  await expect(toastMessage(page, 'Post uploaded Successfully')).toHaveCount(0);
  expect(await homeFeed(page).getByRole('article').first().textContent()).toBe(before);
});

test('markup in a post is shown as text, never run as HTML', async ({ page }) => {
  const markup = '<img src=x onerror=alert(1)><b>bold</b>';
  page.on('dialog', (dialog) => {
    throw new Error(`The post ran script: ${dialog.message()}`);
  });
  await openLoggedIn(page);
  await feedReady(page);
  await publish(homeComposer(page), markup);
  await expect(toastMessage(page, 'Post uploaded Successfully')).toBeVisible();

  const card = homeFeed(page).getByRole('article').first();
  await expect(card.getByText(markup, { exact: true })).toBeVisible();
  await expect(card.locator('b')).toHaveCount(0);
  await expect(card.locator('img[src="x"]')).toHaveCount(0);
  await page.reload();
  await expect(homeFeed(page).getByRole('article').first().getByText(markup, { exact: true })).toBeVisible();
});

test('a text pasted over 500 characters is kept whole, said to be over, and not sent until shortened', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  const composer = homeComposer(page);
  const text = composer.getByRole('textbox', { name: 'Write a post' });
  await text.focus();
  await page.keyboard.insertText('a'.repeat(519) + 'b'); // as a paste puts it in
  await expect(text).toHaveValue(`${'a'.repeat(519)}b`);
  await expect(composer.getByText('520/500')).toBeVisible();
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expect(composer.getByText('20 characters over the 500-character limit. Shorten the post to send it.')).toBeVisible();

  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toastMessage(page, 'A post can be at most 500 characters.')).toBeVisible();
  await expect(text).toHaveValue(`${'a'.repeat(519)}b`);

  await text.fill('a'.repeat(500));
  await expect(composer.getByText('500/500')).toBeVisible();
  await expect(composer.getByText(/over the 500-character limit/)).toHaveCount(0);
});
