import { expect, openLoggedIn, test } from '../support/fixtures';
import { feedReady, homeComposer, openPostEditor } from './feed-helpers';

// A text box that opens holding text puts the caret after it: what the person types goes on from there.

const OWN_POST = 'Hello Chirp! Trying out the demo account';

test.beforeEach(async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
});

test('typing in Edit Post goes on after the post’s text', async ({ page }) => {
  const dialog = await openPostEditor(page, OWN_POST);
  const text = dialog.getByRole('textbox', { name: 'Write a post' });
  await expect(text).toBeFocused();
  const before = await text.inputValue();
  await page.keyboard.type(' more');
  await expect(text).toHaveValue(`${before} more`);
});

test('typing in the Post dialog goes on after the draft, opened again and after a reload', async ({ page }) => {
  const sidebarPost = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Post', exact: true });
  await homeComposer(page).getByRole('textbox', { name: 'Write a post' }).fill('My draft text');
  await sidebarPost.click();
  let text = page.getByRole('dialog', { name: 'Create post' }).getByRole('textbox', { name: 'Write a post' });
  await expect(text).toBeFocused();
  await page.keyboard.type(' more');
  await expect(text).toHaveValue('My draft text more');
  await page.keyboard.press('Escape');

  await page.reload();
  await feedReady(page);
  await sidebarPost.click();
  text = page.getByRole('dialog', { name: 'Create post' }).getByRole('textbox', { name: 'Write a post' });
  await expect(text).toHaveValue('My draft text more');
  await page.keyboard.type(', and then some');
  await expect(text).toHaveValue('My draft text more, and then some');
});
