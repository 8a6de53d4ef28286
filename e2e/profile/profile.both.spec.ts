import { expect, startLoggedIn, test } from '../support/fixtures';
import { GUEST, openProfile, profileArea, SEED_PASSWORD } from './profile-helpers';

test.beforeEach(async ({ page }) => {
  await startLoggedIn(page);
});

test('the own profile shows the person, their counts and their posts', async ({ page }) => {
  await openProfile(page, GUEST);
  const main = profileArea(page);
  await expect(main.getByRole('heading', { level: 1, name: 'Guest User' })).toBeVisible();
  await expect(main.getByText(`@${GUEST}`, { exact: true }).first()).toBeVisible();
  await expect(main.getByText('Just looking around')).toBeVisible();
  await expect(main.getByText(/The demo account\./)).toBeVisible();
  const website = main.getByRole('link', { name: 'https://chirp.example' });
  await expect(website).toHaveAttribute('target', '_blank');
  await expect(website).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(main.getByText('2 Posts')).toBeVisible();
  await expect(main.getByRole('button', { name: '2 Following' })).toBeVisible();
  await expect(main.getByRole('button', { name: '1 Followers' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);
});

test('the post tabs switch by click and by arrow keys', async ({ page }) => {
  await openProfile(page, GUEST);
  const main = profileArea(page);
  const tabs = main.getByRole('tab');
  await expect(tabs).toHaveText(['Posts', 'Liked Posts', 'Bookmark Post', 'Replies']);
  await expect(main.getByRole('tab', { name: 'Posts', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(main.getByRole('tabpanel', { name: 'Posts', exact: true })).toBeVisible();

  await main.getByRole('tab', { name: 'Replies' }).click();
  await expect(main.getByRole('tabpanel', { name: 'Replies' })).toBeVisible();

  await page.keyboard.press('ArrowRight');
  await expect(main.getByRole('tab', { name: 'Posts', exact: true })).toBeFocused();
  await expect(main.getByRole('tabpanel', { name: 'Posts', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(main.getByRole('tab', { name: 'Liked Posts' })).toHaveAttribute('aria-selected', 'true');
  await expect(main.getByRole('tabpanel', { name: 'Liked Posts' })).toBeVisible();
});

test('another profile shows a Follow button and a website that is not a link as plain text', async ({ page }) => {
  await openProfile(page, 'lukas.becker');
  const main = profileArea(page);
  await expect(main.getByRole('heading', { level: 1, name: 'Lukas Becker' })).toBeVisible();
  await expect(main.getByText('Ask for me at the Tempelhof loop on Sundays')).toBeVisible();
  await expect(main.getByRole('link', { name: /Tempelhof/ })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  // What the person likes and keeps is theirs: a visitor sees their posts and replies.
  await expect(main.getByRole('tab')).toHaveText(['Posts', 'Replies']);
});

test('following and unfollowing from a profile says so and updates the counts', async ({ page }) => {
  await openProfile(page, 'lukas.becker');
  const main = profileArea(page);
  await expect(main.getByRole('button', { name: '1 Followers' })).toBeVisible();

  await main.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByText('Following lukas.becker')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: '2 Followers' })).toBeVisible();

  await main.getByRole('button', { name: 'Following', exact: true }).click();
  await expect(page.getByText('Unfollowed lukas.becker')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: '1 Followers' })).toBeVisible();

});

test('a follow is kept by the back end: it survives a reload', async ({ page }) => {
  await openProfile(page, 'amara_okafor');
  await profileArea(page).getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(profileArea(page).getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  // The button shows the follow at once; the back end has it once it says so. A reload before that
  // would cancel the call.
  await expect(page.getByText('Following amara_okafor')).toBeVisible();
  await page.reload();
  await expect(profileArea(page).getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await expect(profileArea(page).getByRole('button', { name: '2 Followers' })).toBeVisible();
});

test('a profile whose username has a dot can be loaded by its address', async ({ page }) => {
  // The production server must not take 'priya.nair' for a missing file with a '.nair' extension.
  await page.goto('/profile/priya.nair');
  await expect(profileArea(page).getByRole('heading', { level: 1, name: 'Priya Nair' })).toBeVisible();
  await page.reload();
  await expect(profileArea(page).getByRole('heading', { level: 1, name: 'Priya Nair' })).toBeVisible();
});

test('the Following dialog lists people who link to their profiles', async ({ page }) => {
  await openProfile(page, GUEST);
  const main = profileArea(page);
  const opener = main.getByRole('button', { name: '2 Following' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Following' });
  await expect(dialog.getByRole('heading', { level: 2, name: 'Following' })).toBeVisible();
  await expect(dialog.getByRole('link')).toHaveCount(2);
  await expect(dialog.getByRole('link', { name: /Priya Nair/ })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await page.getByRole('dialog', { name: 'Following' }).getByRole('link', { name: /Marcus Bell/ }).click();
  await expect(page).toHaveURL(/\/profile\/marcus_bell$/);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(profileArea(page).getByRole('heading', { level: 1, name: 'Marcus Bell' })).toBeVisible();
});

test('the Followers dialog lists followers and closes with its close button', async ({ page }) => {
  await openProfile(page, GUEST);
  const opener = profileArea(page).getByRole('button', { name: '1 Followers' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Followers' });
  await expect(dialog.getByRole('link', { name: /Hannah Lee/ })).toHaveAttribute('href', '/profile/hannah.lee');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("the Following dialog says 'Following no one !' when empty", async ({ page }) => {
  // The guest stops following both people they follow.
  for (const [username, name] of [
    ['priya.nair', 'Priya Nair'],
    ['marcus_bell', 'Marcus Bell'],
  ]) {
    await openProfile(page, username);
    await expect(profileArea(page).getByRole('heading', { level: 1, name })).toBeVisible();
    await profileArea(page).getByRole('button', { name: 'Following', exact: true }).click();
    await expect(page.getByText(`Unfollowed ${username}`)).toBeVisible();
    await expect(profileArea(page).getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  }
  await openProfile(page, GUEST);
  await profileArea(page).getByRole('button', { name: '0 Following' }).click();
  await expect(page.getByRole('dialog', { name: 'Following' })).toContainText('Following no one !');
  await expect(page.getByRole('dialog', { name: 'Following' }).getByRole('link')).toHaveCount(0);
});

test("the Followers dialog says 'No Followers yet !' when empty", async ({ page }) => {
  // Amara's only follower is Marcus: he logs in (in place of the guest) and stops following her.
  await startLoggedIn(page, { username: 'marcus_bell', password: SEED_PASSWORD });
  await openProfile(page, 'amara_okafor');
  await profileArea(page).getByRole('button', { name: 'Following', exact: true }).click();
  await expect(page.getByText('Unfollowed amara_okafor')).toBeVisible();
  await profileArea(page).getByRole('button', { name: '0 Followers' }).click();
  await expect(page.getByRole('dialog', { name: 'Followers' })).toContainText('No Followers yet !');
});

test('an unknown username shows a not-found message with a way home', async ({ page }) => {
  await page.goto('/profile/nobody-here');
  const main = profileArea(page);
  await expect(main.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();
  await expect(main.getByText('@nobody-here')).toBeVisible();
  await main.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
