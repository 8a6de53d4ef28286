import type { Page } from '@playwright/test';
import { bookmarkButton, EVERYONE, likeButton, likeCount, postCard, toastMessage } from '../feed/feed-helpers';
import { expect, expectRefusedCall, expectToast, signUpAndOpenHome, signUpThroughApi, test } from '../support/api-server';

/**
 * A reader signed up and on Home, and an author signed up through the API who posts `text(author)`
 * there; the reader's page then opens Everyone. Answers the author and the text.
 */
async function readerAndAuthorsPost(page: Page, apiUrl: string, names: [reader: string, author: string], text: (username: string) => string) {
  await signUpAndOpenHome(page, names[0]);
  const author = await signUpThroughApi(page, names[1]);
  const content = text(author.username);
  const posted = await page.context().request.post(`${apiUrl}/api/posts`, { headers: { authorization: author.token }, data: { postData: { content } } });
  expect(posted.status()).toBe(201);
  await page.goto(EVERYONE);
  return { author, text: content };
}

/*
 * A like the server refuses. Its causes show live on an open page (a deletion, a like from another
 * tab), all but one: a block. The author blocks the reader while the reader's page shows the post,
 * and the reader's Like, shown at once, is then refused and rolled back with the server's words.
 */
test('a like the server refuses (its author has blocked the reader since the page loaded) is rolled back, and its message shown', async ({
  page,
  app,
  consoleErrors,
}) => {
  const { author, text } = await readerAndAuthorsPost(page, app.apiUrl, ['Ines', 'Jon'], (username) => `Blocked before the like, by ${username}`);
  const request = page.context().request;
  const card = postCard(page, text);
  await expect(likeCount(card)).toHaveText('0');

  // The reader's id, from the token the page holds.
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const readerId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { _id: string })._id;
  const blocked = await request.post(`${app.apiUrl}/api/users/block/${readerId}`, { headers: { authorization: author.token } });
  expect(blocked.ok()).toBe(true);

  await likeButton(card).click();
  await expectToast(page, 'This person has blocked you.');
  await expectRefusedCall(consoleErrors, 403);
  await expect(likeCount(card)).toHaveText('0');
  await expect(likeButton(card)).toHaveAttribute('aria-pressed', 'false');
  await expect(toastMessage(page, 'Post Liked !')).toHaveCount(0);
});

/*
 * An account deleted elsewhere is announced live: an open page takes its posts away at once, before
 * anyone acts on them, and says nothing (nothing was asked of it).
 */
test('the posts of an account deleted elsewhere leave an open page at once', async ({ page, app }) => {
  const { author, text } = await readerAndAuthorsPost(page, app.apiUrl, ['Mia', 'Ned'], (username) => `Posted before ${username} left Chirp`);
  const card = postCard(page, text);
  await expect(card).toBeVisible();

  const deleted = await page.context().request.post(`${app.apiUrl}/api/account/delete`, {
    headers: { authorization: author.token },
    data: { password: author.password },
  });
  expect(deleted.status()).toBe(200);

  await expect(card).toHaveCount(0);
  await expect(toastMessage(page, 'This post does not exist. It may have been deleted.')).toHaveCount(0);
});

/*
 * A page that did not hear it (its live stream is down: here a proxy ends every stream at once) still
 * shows a deleted account's posts. The first action on one is refused as not found: a toast says so
 * and the card leaves the page.
 */
test("an action on a post whose author has deleted their account, unheard live, says it does not exist, and the post leaves the page", async ({
  page,
  app,
  consoleErrors,
}) => {
  await page.route('**/api/events', (route) => route.fulfill({ status: 200, contentType: 'text/event-stream', body: ': the proxy ends it\n\n' }));
  const { author, text } = await readerAndAuthorsPost(page, app.apiUrl, ['Kai', 'Lee'], (username) => `Posted before ${username} deleted the account`);
  const request = page.context().request;
  const card = postCard(page, text);
  await expect(card).toBeVisible();

  const deleted = await request.post(`${app.apiUrl}/api/account/delete`, {
    headers: { authorization: author.token },
    data: { password: author.password },
  });
  expect(deleted.status()).toBe(200);

  await bookmarkButton(card).click();
  await expectToast(page, 'This post does not exist. It may have been deleted.');
  await expectRefusedCall(consoleErrors, 404);
  await expect(card).toHaveCount(0);
  await expect(toastMessage(page, 'Post Bookmarked !')).toHaveCount(0);
});
