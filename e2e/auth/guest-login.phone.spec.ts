import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { expectToast, recordToasts } from '../support/api-server';
import { expect, test } from '../support/fixtures';

test('on a phone, the guest fills in the demo account and logs in', async ({ page, context }) => {
  await recordToasts(context);
  await page.goto('/');
  await expect(page.getByText('Stay Always Connceted')).toBeVisible();

  await page.getByRole('link', { name: /Guest/ }).tap();
  await expect(page.getByLabel('Email address')).toHaveValue(GUEST_CREDENTIALS.username);
  await page.getByRole('button', { name: 'Log in' }).tap();

  await expect(page).toHaveURL(/\/home$/);
  await expectToast(page, 'Successfully Logged In');
  await expect(page.getByRole('button', { name: 'Add post' })).toBeVisible();
});
