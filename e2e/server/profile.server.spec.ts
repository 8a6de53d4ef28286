import { openProfile, openProfileEditor, profileArea } from '../profile/profile-helpers';
import { expect, expectToast, signUpAndOpenHome, signUpThroughApi, test } from '../support/api-server';

test('following someone from their profile updates both people’s counts, kept by the server', async ({ page }) => {
  const followed = await signUpThroughApi(page, 'Noor');
  const follower = await signUpAndOpenHome(page, 'Omar');

  await openProfile(page, followed.username);
  const main = profileArea(page);
  await expect(main.getByRole('heading', { level: 1, name: followed.fullName })).toBeVisible();
  await expect(main.getByRole('button', { name: '0 Followers' })).toBeVisible();
  await main.getByRole('button', { name: 'Follow', exact: true }).click();
  await expectToast(page, `Following ${followed.username}`);
  await expect(main.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: '1 Followers' })).toBeVisible();

  await page.reload();
  await expect(main.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: '1 Followers' })).toBeVisible();
  await main.getByRole('button', { name: '1 Followers' }).click();
  await expect(page.getByRole('dialog', { name: 'Followers' }).getByRole('link', { name: new RegExp(follower.fullName) })).toBeVisible();
  await page.keyboard.press('Escape');

  await openProfile(page, follower.username);
  await main.getByRole('button', { name: '1 Following' }).click();
  await page.getByRole('dialog', { name: 'Following' }).getByRole('link', { name: new RegExp(followed.fullName) }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${followed.username.replace(/\./g, '\\.')}$`));

  await main.getByRole('button', { name: 'Following', exact: true }).click();
  await expectToast(page, `Unfollowed ${followed.username}`);
  await expect(main.getByRole('button', { name: '0 Followers' })).toBeVisible();
  await page.reload();
  await expect(main.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: '0 Followers' })).toBeVisible();
});

test('editing one’s profile (bio and website) is kept by the server across a reload', async ({ page }) => {
  const person = await signUpAndOpenHome(page, 'Mei');
  await openProfile(page, person.username);
  const main = profileArea(page);
  // Sign-up's defaults (spec 3).
  await expect(main.getByText('Add bio', { exact: true })).toBeVisible();
  await expect(main.getByText('Add website', { exact: true })).toBeVisible();

  const dialog = await openProfileEditor(page);
  await expect(dialog.getByLabel('Title')).toHaveValue('Add title');
  await expect(dialog.getByLabel('Bio')).toHaveValue('Add bio');
  await expect(dialog.getByLabel('Website/Link')).toHaveValue('Add website');
  await dialog.getByLabel('Bio').fill(`Tide pools and long walks (${person.username}).`);
  await dialog.getByLabel('Website/Link').fill(`https://example.com/${person.username}`);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Profile updated!');
  await expect(dialog).toBeHidden();

  for (const when of ['after Update', 'after a reload']) {
    if (when === 'after a reload') await page.reload();
    // The bio as the page shows it (a paragraph): the closed editor's field holds the same text
    // until React unmounts it, a moment after the dialog closes.
    await expect(main.getByRole('paragraph').filter({ hasText: `Tide pools and long walks (${person.username}).` }), when).toBeVisible();
    await expect(main.getByRole('link', { name: `https://example.com/${person.username}` }), when).toHaveAttribute(
      'href',
      `https://example.com/${person.username}`,
    );
    await expect(main.getByText('Add title', { exact: true }), when).toBeVisible();
  }
});
