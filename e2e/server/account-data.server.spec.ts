import { downloadAndDeleteAccount } from '../profile/account-data-journey';
import { expectRefusedCall, expectToast, signUpAndLogIn, test } from '../support/api-server';

test('someone new downloads their data from the server, then deletes their account', async ({ page, consoleErrors }) => {
  // A new person: the server's data is shared by the workers' tests, and the guest stays.
  const person = await signUpAndLogIn(page, 'Leaving');
  await downloadAndDeleteAccount(page, person, expectToast);
  // The browser logs the two refusals the journey meets: the wrong password (403), and the log-in of
  // the name that is gone (404).
  await expectRefusedCall(consoleErrors, 403);
  await expectRefusedCall(consoleErrors, 404);
});
