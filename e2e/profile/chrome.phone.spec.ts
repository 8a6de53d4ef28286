import { DEFAULT_AVATAR } from '@chirp/contracts';
import { expect, openLoggedIn, test } from '../support/fixtures';
import { expectComposerDialogFrom, GUEST, SECTIONS } from './profile-helpers';

// The phone layout: bottom navigation and the floating 'Add post' button.
test.beforeEach(async ({ page }) => {
  await openLoggedIn(page);
});

test('the bottom navigation goes to each section and marks the current page', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeInViewport();
  const box = await nav.boundingBox();
  expect(box!.y + box!.height).toBeCloseTo(844, -1);
  for (const { name, path } of SECTIONS) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
  }
  await expect(page.getByRole('complementary')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
});

test('the bottom navigation shows the profile picture and opens the own profile', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const profile = nav.getByRole('link', { name: 'Profile' });
  await expect(profile.locator('img')).toHaveAttribute('src', DEFAULT_AVATAR);
  await profile.click();
  await expect(page).toHaveURL(new RegExp(`/profile/${GUEST}$`));
  await expect(profile).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Guest User' })).toBeVisible();
});

test("the floating 'Add post' button opens the composer in a dialog", async ({ page }) => {
  const addPost = page.getByRole('button', { name: 'Add post' });
  await expect(addPost).toBeInViewport();
  await expectComposerDialogFrom(addPost);
});

test('post cards keep the same margins from the screen’s edges on a profile and the search page as on Home', async ({ page }, testInfo) => {
  const cardEdges = async () => {
    const card = page.getByRole('main').getByRole('article').first();
    await expect(card).toBeVisible();
    const box = (await card.boundingBox())!;
    return { left: Math.round(box.x), right: Math.round(390 - box.x - box.width) };
  };
  const home = await cardEdges();
  expect(home).toEqual({ left: 10, right: 10 });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Guest User' })).toBeVisible();
  expect(await cardEdges()).toEqual(home);
  await page.screenshot({ path: testInfo.outputPath('profile-phone.png') });

  await page.goto('/search?q=sourdough&tab=posts');
  expect(await cardEdges()).toEqual(home);
});
