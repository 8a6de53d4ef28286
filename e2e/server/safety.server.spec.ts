import type { BrowserContext, Page } from '@playwright/test';
import { homeComposer, postCard, publish } from '../feed/feed-helpers';
import { openProfile, profileArea } from '../profile/profile-helpers';
import { expect, expectToast, logIn, recordToasts, signUpAndLogIn, test, watchConsole } from '../support/api-server';
import { E2E_MODERATOR } from '../support/moderator';

/** Opens the ⋯ menu of someone else's post and picks `item`. */
async function fromPostMenu(page: Page, text: string, item: string) {
  await postCard(page, text).getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menu', { name: 'More options' }).getByRole('menuitem', { name: item }).click();
}

async function openExplore(page: Page) {
  await page.getByRole('link', { name: 'Explore' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
}

test('two people against the server: one mutes, reports and is blocked by the other; a moderator hides the post, and only its author still sees it, marked', async ({
  page,
  browser,
  baseURL,
  app,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  const noor = await signUpAndLogIn(page, 'Noor');
  const text = `Buy cheap followers here, says ${noor.username}`;
  await publish(homeComposer(page), text);
  await expectToast(page, 'Post uploaded Successfully');

  // Omar, in a browser of his own.
  const contexts: BrowserContext[] = [];
  const newPerson = async () => {
    const context = await browser.newContext({ baseURL });
    contexts.push(context);
    await recordToasts(context);
    const other = await context.newPage();
    watchConsole(other, consoleErrors);
    return other;
  };
  try {
    const omar = await newPerson();
    const omarPerson = await signUpAndLogIn(omar, 'Omar');

    // He mutes Noor: her post leaves his Explore; Settings lists her, and Unmute brings it back.
    await openExplore(omar);
    await fromPostMenu(omar, text, `Mute @${noor.username}`);
    await expectToast(omar, `Muted @${noor.username}`);
    await expect(postCard(omar, text)).toHaveCount(0);
    await omar.goto('/settings');
    const muted = omar.getByRole('region', { name: 'Muted accounts' });
    await muted.getByRole('button', { name: `Unmute @${noor.username}` }).click();
    await expectToast(omar, `Unmuted @${noor.username}`);

    // He reports her post.
    await openExplore(omar);
    await fromPostMenu(omar, text, 'Report post');
    const dialog = omar.getByRole('dialog', { name: 'Report post' });
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('textbox', { name: 'Details (optional)' }).fill('The same link in every post.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expectToast(omar, 'Report sent. Thank you.');
    await expect(dialog).toHaveCount(0);

    // Noor blocks him from his profile: he then reads that she blocked him, and sees none of her posts.
    await openProfile(page, omarPerson.username);
    await profileArea(page).getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: `Block @${omarPerson.username}` }).click();
    await expectToast(page, `Blocked @${omarPerson.username}`);
    await openProfile(omar, noor.username);
    await expect(profileArea(omar).getByRole('note')).toHaveText('This account has blocked you.');
    await expect(profileArea(omar).getByRole('article')).toHaveCount(0);

    // A moderator reads the report in Reports (from Settings) and hides the post.
    const moderator = await newPerson();
    // The moderator's account is made once per server (CHIRP_MODERATORS names it); a second sign-up is refused.
    await moderator.request.post(`${app.apiUrl}/api/auth/signup`, {
      data: { ...E2E_MODERATOR, firstName: 'Mo', lastName: 'Derator' },
      failOnStatusCode: false,
    });
    await logIn(moderator, E2E_MODERATOR);
    await moderator.goto('/settings');
    await moderator.getByRole('region', { name: 'Moderation' }).getByRole('link', { name: 'Reports' }).click();
    await expect(moderator.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    const reported = moderator.getByRole('article').filter({ hasText: text });
    await expect(reported).toContainText('1 report');
    await expect(reported).toContainText('The same link in every post.');
    await reported.getByRole('button', { name: 'Hide post' }).click();
    await expectToast(moderator, 'Post hidden');
    await expect(moderator.getByRole('list', { name: 'Recent actions' })).toContainText(`@${E2E_MODERATOR.username} hid a post by @${noor.username}`);

    // Noor still sees her post, marked; nobody else finds it.
    await openProfile(page, noor.username);
    await expect(postCard(page, text).getByRole('note')).toHaveText('This post was removed by moderators.');
    await openExplore(moderator);
    await expect(moderator.getByRole('article').first()).toBeVisible();
    await expect(postCard(moderator, text)).toHaveCount(0);
  } finally {
    for (const context of contexts) await context.close();
  }
});
