import type { Page } from '@playwright/test';
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { expect, logIn, signOut, testWithOwnDeployment } from '../support/fixtures';
import { expectNoViolationsInEitherTheme } from '../profile/a11y-helpers';
import { SEED_PASSWORD } from '../profile/profile-helpers';
import { EVERYONE, feedReady, postCard, toastMessage } from './feed-helpers';

// The in-browser back end, configured (config.json's `moderators`) to make the guest a moderator.
const test = testWithOwnDeployment('moderation', { config: { moderators: GUEST_CREDENTIALS.username } });

const SOFIAS_POST = 'Two octopuses';
const GUESTS_POST = 'Hello Chirp!';

/** Opens the ⋯ menu of someone else's post and picks `item`. */
async function fromPostMenu(page: Page, text: string, item: string) {
  await postCard(page, text).getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menu', { name: 'More options' }).getByRole('menuitem', { name: item }).click();
}

test('a post reported from its menu reaches Reports, where a moderator hides it (its author still sees it, marked) or suspends its author; axe finds nothing in the menu, the dialog, Reports or the profiles, in either theme', async ({
  page,
}, testInfo) => {
  test.slow();
  // Marcus reports the guest's post and blocks the guest: the guest, a moderator, will hide that post, and read that Marcus blocked them.
  await logIn(page, { username: 'marcus_bell', password: SEED_PASSWORD });
  // Neither Marcus nor the guest follows the other post's author: Home's Everyone tab has both posts.
  await page.goto(EVERYONE);
  await feedReady(page);
  await fromPostMenu(page, GUESTS_POST, 'Report post');
  const dialog = page.getByRole('dialog', { name: 'Report post' });
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(toastMessage(page, 'Report sent. Thank you.')).toBeVisible();
  await fromPostMenu(page, GUESTS_POST, `Block @${GUEST_CREDENTIALS.username}`);
  await expect(toastMessage(page, `Blocked @${GUEST_CREDENTIALS.username}`)).toBeVisible();
  await signOut(page, testInfo);

  await logIn(page);
  await page.goto(EVERYONE);
  await feedReady(page);
  const options = postCard(page, SOFIAS_POST).getByRole('button', { name: 'More options' });
  await options.click();
  const menu = page.getByRole('menu', { name: 'More options' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Mute @sofia.alvarez', 'Block @sofia.alvarez', 'Report post', 'Copy link']);
  await expectNoViolationsInEitherTheme(page, 'the options menu of someone else’s post', '[role="menu"]');
  await menu.getByRole('menuitem', { name: 'Report post' }).click();
  await expect(dialog.getByRole('radio', { name: 'Spam' })).toBeFocused();
  await expectNoViolationsInEitherTheme(page, 'the Report post dialog', 'dialog');
  // Escape closes it, and focus goes back to the menu's button.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(options).toBeFocused();

  await fromPostMenu(page, SOFIAS_POST, 'Report post');
  await dialog.getByRole('radio', { name: 'Illegal content' }).check();
  await dialog.getByRole('textbox', { name: 'Details (optional)' }).fill('Sold as real, it is not.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(toastMessage(page, 'Report sent. Thank you.')).toBeVisible();

  await page.goto('/settings');
  await page.getByRole('region', { name: 'Moderation' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page).toHaveTitle(/^Reports/);
  const reported = page.getByRole('article').filter({ hasText: SOFIAS_POST });
  await expect(reported).toContainText('Illegal content 1');
  await expect(reported).toContainText('Sold as real, it is not.');
  const reportedOwn = page.getByRole('article').filter({ hasText: GUESTS_POST });
  await expect(reportedOwn).toContainText('Spam 1');
  await expectNoViolationsInEitherTheme(page, 'the Reports page');

  await reportedOwn.getByRole('button', { name: 'Hide post' }).click();
  await expect(toastMessage(page, 'Post hidden')).toBeVisible();
  await expect(reportedOwn).toHaveCount(0);
  await reported.getByRole('button', { name: 'Suspend @sofia.alvarez' }).click();
  await expect(toastMessage(page, 'Suspended @sofia.alvarez')).toBeVisible();
  // Suspending closes the author's reports: the page has none left, and says what was done.
  await expect(page.getByText('No open reports.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recent actions' })).toContainText(`@${GUEST_CREDENTIALS.username} suspended @sofia.alvarez`);
  await page.goto('/profile/sofia.alvarez');
  await expect(page.getByRole('main').getByRole('note')).toHaveText('This account has been suspended.');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
  await expectNoViolationsInEitherTheme(page, 'a suspended account’s profile');

  // The hidden post's author still sees it, marked.
  await page.goto(`/profile/${GUEST_CREDENTIALS.username}`);
  await expect(postCard(page, GUESTS_POST).getByRole('note')).toHaveText('This post was removed by moderators.');
  await expectNoViolationsInEitherTheme(page, 'the own profile with a post moderators hid');

  await page.goto('/profile/marcus_bell');
  await expect(page.getByRole('main').getByRole('note')).toHaveText('This account has blocked you.');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
  await expectNoViolationsInEitherTheme(page, 'the profile of someone who blocked the viewer');
});
