import type { Page } from '@playwright/test';
import { expect, startLoggedIn, test } from '../support/fixtures';
import { GUEST, isPhone, openProfile, openProfileEditor, profileArea } from './profile-helpers';

test.beforeEach(async ({ page }) => {
  await startLoggedIn(page);
  await openProfile(page, GUEST);
});

/** The picture every part of the chrome shows for the current user. */
function chromePicture(page: Page) {
  return isPhone(test.info())
    ? page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).locator('img')
    : page.getByRole('button', { name: 'Account menu' }).locator('img');
}

test('the dialog opens with the current values; Update saves them everywhere', async ({ page }) => {
  const dialog = await openProfileEditor(page);
  await expect(dialog.getByRole('heading', { level: 2, name: 'Edit Profile' })).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveValue('Just looking around');
  await expect(dialog.getByLabel('Bio')).toHaveValue(/^The demo account\./);
  await expect(dialog.getByLabel('Website/Link')).toHaveValue('https://chirp.example');
  await expect(dialog.getByLabel('Website/Link')).toHaveAttribute('type', 'url');

  await dialog.getByLabel('Title').fill('Weekend birdwatcher');
  await dialog.getByLabel('Bio').fill('Counting chirps since 2026.');
  await dialog.getByLabel('Website/Link').fill('https://birds.example/guest');
  await dialog.getByRole('button', { name: 'Update' }).click();

  await expect(page.getByText('Profile updated!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const main = profileArea(page);
  await expect(main.getByText('Weekend birdwatcher')).toBeVisible();
  await expect(main.getByText('Counting chirps since 2026.')).toBeVisible();
  await expect(main.getByRole('link', { name: 'https://birds.example/guest' })).toBeVisible();

  await page.reload();
  await expect(profileArea(page).getByText('Weekend birdwatcher')).toBeVisible();
  await expect((await openProfileEditor(page)).getByLabel('Title')).toHaveValue('Weekend birdwatcher');
});

test('Choose Avatar offers 6 presets; Set and Update make one the picture everywhere', async ({ page }) => {
  const dialog = await openProfileEditor(page);
  await dialog.getByRole('button', { name: 'Choose Avatar' }).click();
  const avatars = dialog.getByRole('group', { name: 'Preset avatars' }).getByRole('button');
  await expect(avatars).toHaveCount(6);
  for (let index = 1; index <= 6; index += 1) {
    await expect(dialog.getByRole('button', { name: `Avatar ${index}` })).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Avatar 4' }).click();
  await expect(dialog.getByRole('button', { name: 'Avatar 4' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Set' }).click();
  await expect(dialog.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', '/avatars/avatar-4.svg');
  await dialog.getByRole('button', { name: 'Update' }).click();

  await expect(page.getByText('Profile updated!')).toBeVisible();
  await expect(profileArea(page).getByRole('img', { name: 'Profile picture' })).toHaveAttribute(
    'src',
    '/avatars/avatar-4.svg',
  );
  await expect(chromePicture(page)).toHaveAttribute('src', '/avatars/avatar-4.svg');
});

test('an uploaded PNG becomes the picture', async ({ page }) => {
  const dialog = await openProfileEditor(page);
  // A 1×1 PNG: the shared uploader keeps small images as they are, as a data: URL.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const input = dialog.getByLabel('Upload picture');
  await expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif');
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', /^data:image\/png/);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Profile updated!')).toBeVisible();
  await expect(profileArea(page).getByRole('img', { name: 'Profile picture' })).toHaveAttribute(
    'src',
    /^data:image\/png/,
  );
});

test('any other kind of file is refused with a message', async ({ page }) => {
  const dialog = await openProfileEditor(page);
  await dialog
    .getByLabel('Upload picture')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(page.getByText('Only JPEG, PNG or GIF images can be used.')).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', '/avatars/default.svg');
});

test('a website that is not a web address is explained, not sent', async ({ page }) => {
  const dialog = await openProfileEditor(page);
  await dialog.getByLabel('Website/Link').fill('my garden');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog.getByLabel('Website/Link')).toHaveAccessibleDescription(
    'Enter a web address that starts with http:// or https://',
  );
  await expect(dialog.getByLabel('Website/Link')).toBeFocused();
  await expect(dialog).toBeVisible();
});

test('Cancel and Escape close without saving and give focus back to Edit Profile', async ({ page }) => {
  const opener = profileArea(page).getByRole('button', { name: 'Edit Profile' });
  let dialog = await openProfileEditor(page);
  await dialog.getByLabel('Title').fill('Not saved');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(profileArea(page).getByText('Just looking around')).toBeVisible();

  dialog = await openProfileEditor(page);
  await expect(dialog.getByLabel('Title')).toHaveValue('Just looking around');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('focus stays inside the dialog while it is open', async ({ page }) => {
  const dialog = await openProfileEditor(page);
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
});
