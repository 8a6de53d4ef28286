import { expect, startLoggedIn, test } from '../support/fixtures';
import { expectAccessible, openLoggedInPage } from './a11y-helpers';
import { GUEST, searchBox } from './profile-helpers';

// axe reads every node of the page: on a busy machine one analysis can take several seconds.
test.describe.configure({ timeout: 90_000 });

test.describe('logged-out pages', () => {
  for (const path of ['/', '/signup']) {
    test(`${path} has no serious accessibility problem`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, path);
    });
  }
});

test.describe('logged-in pages and dialogs', () => {
  test.beforeEach(async ({ page }) => {
    await startLoggedIn(page);
  });

  for (const path of ['/home', '/explore', '/bookmarks', '/likedpost', `/profile/${GUEST}`, '/profile/priya.nair']) {
    test(`${path} has no serious accessibility problem`, async ({ page }) => {
      await openLoggedInPage(page, path);
      await expectAccessible(page, path);
    });
  }

  test('the profile tabs and the not-found profile have no serious accessibility problem', async ({ page }) => {
    await openLoggedInPage(page, `/profile/${GUEST}`);
    for (const tab of ['Liked Posts', 'Bookmark Post']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
      await expectAccessible(page, `the ${tab} tab`);
    }
    await page.goto('/profile/nobody-here');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();
    await expectAccessible(page, 'a profile that does not exist');
  });

  test('the search page, on both of its tabs, has no serious accessibility problem', async ({ page }) => {
    await openLoggedInPage(page, '/search?q=priya');
    await expect(page.getByRole('list', { name: 'People matching priya' })).toBeVisible();
    await expectAccessible(page, 'the search page (People)');
    await page.getByRole('tab', { name: 'Posts' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
    await expectAccessible(page, 'the search page (Posts)');
  });

  test('the Following and Followers dialogs have no serious accessibility problem', async ({ page }) => {
    await openLoggedInPage(page, `/profile/${GUEST}`);
    await page.getByRole('button', { name: '2 Following' }).click();
    await expect(page.getByRole('dialog', { name: 'Following' }).getByRole('link').first()).toBeVisible();
    await expectAccessible(page, 'the Following dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '1 Followers' }).click();
    await expect(page.getByRole('dialog', { name: 'Followers' }).getByRole('link').first()).toBeVisible();
    await expectAccessible(page, 'the Followers dialog');
  });

  test('the profile-edit dialog has no serious accessibility problem', async ({ page }) => {
    await openLoggedInPage(page, `/profile/${GUEST}`);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(dialog.getByLabel('Title')).toBeVisible();
    await expectAccessible(page, 'the profile-edit dialog');

    await dialog.getByRole('button', { name: 'Choose Avatar' }).click();
    await dialog.getByRole('button', { name: 'Avatar 2' }).click();
    await dialog.getByLabel('Website/Link').fill('not a link');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog.getByText('Enter a web address that starts with http:// or https://')).toBeVisible();
    await expectAccessible(page, 'the profile-edit dialog with the avatars and an error');
  });

  test('the composer dialog has no serious accessibility problem', async ({ page, isMobile }) => {
    await openLoggedInPage(page, '/home');
    const opener = isMobile
      ? page.getByRole('button', { name: 'Add post' })
      : page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Post', exact: true });
    await opener.click();
    await expect(page.getByRole('dialog').getByRole('textbox')).toBeVisible();
    await expectAccessible(page, 'the composer dialog');
  });

  test('the search results and suggestions have no serious accessibility problem', async ({ page }) => {
    await openLoggedInPage(page, '/explore');
    await searchBox(page).click();
    await expect(page.getByRole('region', { name: 'Suggestions for you' }).getByRole('listitem').first()).toBeVisible();
    await expectAccessible(page, 'the suggestions (the phone dropdown when narrow)');
    await searchBox(page).fill('a');
    await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
    await expectAccessible(page, 'the search results');
    await searchBox(page).fill('nobody at all');
    await expect(page.getByText('No such user is there...')).toBeVisible();
    await expectAccessible(page, 'a search without results');
  });
});
