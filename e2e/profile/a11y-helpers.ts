import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { isPhone, openProfile } from './profile-helpers';

/** Fails with a readable list when axe finds a serious or critical violation. */
export async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
          .map((node) => `${node.target.join(' ')} (${node.failureSummary?.replace(/\s+/g, ' ').trim()})`)
          .join(' | ')}`,
    );
  expect(serious, `axe on ${what}`).toEqual([]);
}

/** A logged-in page is ready once its heading, its posts or empty text, and the side panel show. */
export async function openLoggedInPage(page: Page, path: string) {
  const profile = /^\/profile\/(.+)$/.exec(path);
  if (profile) await openProfile(page, profile[1]!);
  else await page.goto(path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
  if (!isPhone(test.info())) {
    await expect(page.getByRole('region', { name: 'Suggestions for you' }).getByRole('listitem').first()).toBeVisible();
  }
}
