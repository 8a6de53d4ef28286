import { downloadAndDeleteAccount } from '../profile/account-data-journey';
import { expectToast, signUpAndLogIn, test } from '../support/api-server';

test('someone new downloads their data from the server, then deletes their account', async ({ page }) => {
  // A new person: the server's data is shared by the workers' tests, and the guest stays.
  const person = await signUpAndLogIn(page, 'Leaving');
  await downloadAndDeleteAccount(page, person, expectToast);
});
