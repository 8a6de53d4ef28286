import type { Page } from '@playwright/test';
import { expect, logIn, openLoggedIn, test } from '../support/fixtures';
import { expectNoViolationsInEitherTheme } from '../profile/a11y-helpers';
import { EVERYONE, feedReady, homeFeed, isPhone, postCard, toastMessage } from './feed-helpers';

// Sofia is a seed author the demo guest does not follow.
const SOFIA_POST = 'Low tide this morning';
const PASSWORD = 'follow-me-1';

const tab = (page: Page, name: 'Following' | 'Everyone') => page.getByRole('tablist', { name: 'Home feeds' }).getByRole('tab', { name });

/** A new account, signed up through the page and logged in: it follows nobody and has posted nothing. */
async function newAccountOnHome(page: Page, username: string) {
  await page.goto('/signup');
  const fields = { 'First name': 'Fay', 'Last name': 'Follower', 'Email address': `${username}@example.com`, Username: username, Password: PASSWORD, 'Confirm password': PASSWORD };
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  // Signing up signs the newcomer in (the spec's flow went back to the login page: either will do here).
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/home');
  if (new URL(page.url()).pathname !== '/home') await logIn(page, { username, password: PASSWORD });
}

test('Home opens on Following: the people followed and oneself; Everyone has the rest, and the tab survives a reload', async ({ page }) => {
  await openLoggedIn(page);
  await expect(tab(page, 'Following')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
  await feedReady(page);
  await expect(postCard(page, 'Day 14 of the sourdough experiment')).toBeVisible();
  await expect(postCard(page, SOFIA_POST)).toHaveCount(0);

  await tab(page, 'Following').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Everyone')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'Everyone')).toBeFocused();
  await expect(page).toHaveURL(/\/home\?feed=everyone$/);
  await expect(homeFeed(page).getByRole('article').filter({ hasText: SOFIA_POST })).toBeVisible();
  await page.reload();
  await expect(tab(page, 'Everyone')).toHaveAttribute('aria-selected', 'true');
  await expect(postCard(page, SOFIA_POST)).toBeVisible();
});

test('follow someone: their post shows under Following, and not before', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  await expect(postCard(page, SOFIA_POST)).toHaveCount(0);

  await page.goto('/profile/sofia.alvarez');
  await page.getByRole('main').getByRole('button', { name: 'Follow', exact: true }).click();
  // The follow is kept (not only shown) before the page changes.
  await expect(toastMessage(page, 'Following sofia.alvarez')).toBeVisible();

  await page.goto('/home');
  await expect(tab(page, 'Following')).toHaveAttribute('aria-selected', 'true');
  await expect(postCard(page, SOFIA_POST)).toBeVisible();
});

test('a new account’s empty Following list asks it to follow people, with suggestions; following one fills it', async ({ page }, testInfo) => {
  await newAccountOnHome(page, `fay_${testInfo.project.name}`);
  const prompt = page.getByRole('region', { name: 'Follow people to fill your home' });
  await expect(prompt).toBeVisible();
  const suggestions = prompt.getByRole('region', { name: 'Who to follow' });
  await expect(suggestions.getByRole('listitem').first()).toBeVisible();
  await expectNoViolationsInEitherTheme(page, 'the empty Following list’s prompt');

  const first = suggestions.getByRole('listitem').first();
  const name = (await first.getByRole('link').first().textContent()) ?? '';
  await first.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(prompt).toHaveCount(0);
  await feedReady(page);
  expect(name).not.toBe('');
});

test('the Following tab is accessible in both themes', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  if (!isPhone(test.info())) await expect(page.getByRole('region', { name: 'Suggestions for you' }).getByRole('listitem').first()).toBeVisible();
  await expectNoViolationsInEitherTheme(page, 'Home’s Following tab');
  await page.goto(EVERYONE);
  await feedReady(page);
  await expectNoViolationsInEitherTheme(page, 'Home’s Everyone tab');
});
