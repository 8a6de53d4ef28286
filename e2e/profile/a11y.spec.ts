import { expect, startLoggedIn, test } from '../support/fixtures';
import { expectAccessible, openLoggedInPage } from './a11y-helpers';

// The wide layout only: phones have no account menu (the profile sits in the bottom bar).
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await startLoggedIn(page);
});

test('the open account menu has no serious accessibility problem', async ({ page }) => {
  await openLoggedInPage(page, '/home');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'the open account menu');
});
