import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { expect, logIn, test } from '../support/fixtures';
import { downloadAndDeleteAccount } from './account-data-journey';

test('Settings downloads the account’s data as a file, and deletes the account once its password is given', async ({ page }) => {
  await logIn(page);
  await downloadAndDeleteAccount(page, GUEST_CREDENTIALS, async (shown, text) => {
    await expect(shown.getByRole('status').filter({ hasText: text }).first()).toBeVisible();
  });
});
