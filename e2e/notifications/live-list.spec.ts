import type { Page } from '@playwright/test';
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { expect, openLoggedIn, test, watchConsole } from '../support/fixtures';
import { SEED_PASSWORD } from '../profile/profile-helpers';

/**
 * Acts as another person from a second tab, through the API alone: the tab's own session (the
 * guest's, in local storage) stays as it is, and the in-browser back end tells the other tabs.
 */
async function actAs(tab: Page, username: string, action: 'follow' | 'mention') {
  await tab.evaluate(
    async ({ username, password, target, action }) => {
      const call = async (path: string, init: RequestInit = {}) => {
        const response = await fetch(path, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
        return response.json() as Promise<Record<string, { _id: string }> & { encodedToken: string }>;
      };
      const { encodedToken } = await call('/api/auth/login', { method: 'POST', body: JSON.stringify({ username, password }) });
      const authorization = { authorization: encodedToken };
      if (action === 'follow') {
        const { user } = await call(`/api/users/by-username/${target}`);
        await call(`/api/users/follow/${user!._id}?view=compact`, { method: 'POST', headers: authorization });
      } else {
        const content = `Look who is here, @${target}!`;
        await call('/api/posts?view=compact', { method: 'POST', headers: authorization, body: JSON.stringify({ postData: { content } }) });
      }
    },
    { username, password: SEED_PASSWORD, target: GUEST_CREDENTIALS.username, action },
  );
}

test('a follow and a mention made elsewhere join the open notifications list without a reload', async ({ page, context, consoleErrors }) => {
  test.slow();
  await openLoggedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByText('No notifications yet')).toBeVisible();

  const other = await context.newPage();
  watchConsole(other, consoleErrors);
  await other.goto('/bookmarks'); // any page: its in-browser back end is what answers the calls
  await expect(other.getByRole('heading', { level: 1, name: 'Your Bookmarks' })).toBeVisible();

  await actAs(other, 'priya.nair', 'follow');
  const lines = page.getByRole('list', { name: 'Notifications' }).getByRole('link');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toHaveAccessibleName(/^Unread: Priya followed you/);

  await actAs(other, 'marcus_bell', 'mention');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toHaveAccessibleName(/^Unread: Marcus mentioned you/);
  // Seen as they arrive: the badge does not stay up for what the open page shows.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
});
