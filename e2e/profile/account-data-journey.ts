/**
 * Downloading one's data and deleting the account through Settings, the same on either back end
 * (account-data.both.spec.ts on Mirage, server/account-data.server.spec.ts on the API server).
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';

export async function downloadAndDeleteAccount(
  page: Page,
  person: { username: string; password: string },
  expectToast: (page: Page, text: string) => Promise<void>,
) {
  await page.goto('/settings');
  const downloadSection = page.getByRole('region', { name: 'Download my data' });
  const downloading = page.waitForEvent('download');
  await downloadSection.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`chirp-${person.username}.json`);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { account: { username: string }; posts: unknown[] };
  expect(data.account.username).toBe(person.username);
  expect(Array.isArray(data.posts)).toBe(true);
  await expectToast(page, 'Your data was downloaded.');

  const opener = page.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete account' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The password is not right. Your account was not deleted.');
  await dialog.getByLabel('Your password').fill(person.password);
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page).toHaveURL(/\/(login)?$/);
  await expectToast(page, 'Your account was deleted.');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  // The account is gone: its name and password log in no more.
  await page.getByRole('textbox', { name: 'Email address' }).fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectToast(page, 'The username you entered is not Registered. Not Found error');
}
