import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { expect, logIn, testWithOwnDeployment } from '../support/fixtures';
import { feedReady, postCard, toastMessage } from './feed-helpers';

// The in-browser back end, configured (config.json's `moderators`) to make the guest a moderator.
const test = testWithOwnDeployment('moderation', { config: { moderators: GUEST_CREDENTIALS.username } });

const SOFIAS_POST = 'Two octopuses';

async function violations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target).join(', ')}`);
}

test('a post reported from its menu reaches Reports, where a moderator suspends its author; axe finds nothing in the dialog or the pages', async ({
  page,
}) => {
  test.slow();
  await logIn(page);
  await feedReady(page);
  const options = postCard(page, SOFIAS_POST).getByRole('button', { name: 'More options' });
  await options.click();
  await page.getByRole('menuitem', { name: 'Report post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report post' });
  await expect(dialog.getByRole('radio', { name: 'Spam' })).toBeFocused();
  expect(await violations(page, 'dialog')).toEqual([]);
  // Escape closes it, and focus goes back to the menu's button.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(options).toBeFocused();

  await options.click();
  await page.getByRole('menuitem', { name: 'Report post' }).click();
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
  expect(await violations(page, 'main')).toEqual([]);

  await reported.getByRole('button', { name: 'Suspend @sofia.alvarez' }).click();
  await expect(toastMessage(page, 'Suspended @sofia.alvarez')).toBeVisible();
  // Suspending closes the author's reports: the page has none left, and says what was done.
  await expect(page.getByText('No open reports.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recent actions' })).toContainText(`@${GUEST_CREDENTIALS.username} suspended @sofia.alvarez`);
  await page.goto('/profile/sofia.alvarez');
  await expect(page.getByRole('main').getByRole('note')).toHaveText('This account has been suspended.');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
  expect(await violations(page, 'main')).toEqual([]);
});
