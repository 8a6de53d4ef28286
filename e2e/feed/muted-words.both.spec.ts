import { expectNoViolationsInEitherTheme } from '../profile/a11y-helpers';
import { expect, openLoggedIn, test } from '../support/fixtures';

/** One of the seeds' posts (Kenji's), which holds "sourdough". */
const SOURDOUGH = 'Day 14 of the sourdough experiment';
const FOLDED = 'Hidden: this post holds “sourdough”, which you muted.';

test('a word muted in Settings folds its posts away in the feed, with Show anyway; unmuted, they show again', async ({ page }) => {
  test.slow();
  await openLoggedIn(page, '/settings');
  const section = page.getByRole('region', { name: 'Muted words' });
  await expect(section).toContainText('You have not muted any words.');
  const form = section.getByRole('form', { name: 'Mute word' });
  await form.getByLabel('Word, phrase or #tag').fill('  Sourdough ');
  await form.getByRole('button', { name: 'Mute word' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Muted “sourdough”' })).toBeVisible();
  await expect(section.getByRole('list', { name: 'Muted words' }).getByRole('listitem')).toHaveText([/^sourdough/]);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  const main = page.getByRole('main');
  const folded = main.getByRole('article', { name: FOLDED });
  await expect(folded).toBeVisible();
  await expect(main.getByText(SOURDOUGH)).toHaveCount(0);
  // Posts without the word are there as ever, and the page is as long as it was.
  await expect(main.getByText('Reminder: a retry without backoff')).toBeVisible();
  await expectNoViolationsInEitherTheme(page, 'the feed with a folded post');

  // Kept by the back end: still folded after a reload, until Show anyway.
  await page.reload();
  await folded.getByRole('button', { name: 'Show anyway' }).click();
  await expect(main.getByText(SOURDOUGH)).toBeVisible();
  await expect(folded).toHaveCount(0);

  await page.goBack();
  await section.getByRole('button', { name: 'Unmute “sourdough”' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Unmuted “sourdough”' })).toBeVisible();
  await expect(section).toContainText('You have not muted any words.');
  await page.goForward();
  await expect(main.getByText(SOURDOUGH)).toBeVisible();
  await expect(main.getByRole('button', { name: 'Show anyway' })).toHaveCount(0);
});
