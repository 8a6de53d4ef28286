import { homeComposer, likeButton, likeCount, postCard, publish } from '../feed/feed-helpers';
import { expect, expectToast, recordToasts, signUpAndOpenHome, test, watchConsole } from '../support/api-server';

test('one person posts, another sees it on Explore and likes it, and the first sees the like', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  const author = await signUpAndOpenHome(page, 'Ana');
  const text = `Morning swim done, by ${author.username}`;
  await publish(homeComposer(page), text);
  await expectToast(page, 'Post uploaded Successfully');

  // Someone else, in a browser of their own.
  const otherBrowser = await browser.newContext({ baseURL });
  await recordToasts(otherBrowser);
  try {
    const other = await otherBrowser.newPage();
    watchConsole(other, consoleErrors);
    await signUpAndOpenHome(other, 'Ben');
    await other.getByRole('link', { name: 'Explore' }).click();
    await expect(other.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
    const card = postCard(other, text);
    await expect(card).toContainText(author.fullName);
    await expect(likeCount(card)).toHaveText('0');
    await likeButton(card).click();
    await expectToast(other, 'Post Liked !');
    await expect(likeCount(card)).toHaveText('1');
  } finally {
    await otherBrowser.close();
  }

  await page.reload();
  const own = postCard(page, text);
  await expect(likeCount(own)).toHaveText('1');
  await expect(likeButton(own)).toHaveAttribute('aria-pressed', 'false');
});

test('a post its author deletes leaves another person’s open Explore without a reload', async ({ page, browser, baseURL, consoleErrors }) => {
  const author = await signUpAndOpenHome(page, 'Cleo');
  const text = `A thought to take back, by ${author.username}`;
  await publish(homeComposer(page), text);
  await expectToast(page, 'Post uploaded Successfully');

  const otherBrowser = await browser.newContext({ baseURL });
  try {
    const other = await otherBrowser.newPage();
    watchConsole(other, consoleErrors);
    await signUpAndOpenHome(other, 'Dan');
    await other.getByRole('link', { name: 'Explore' }).click();
    await expect(postCard(other, text)).toBeVisible();

    await postCard(page, text).getByRole('button', { name: 'Post options' }).click();
    await page.getByRole('menuitem', { name: 'Delete Post' }).click();
    await page.getByRole('dialog', { name: 'Delete post?' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Post Deleted!');
    // Once the undo window has passed and the post is deleted, Dan's page hears it.
    await expect(postCard(other, text)).toHaveCount(0, { timeout: 20_000 });
    await expect(other.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  } finally {
    await otherBrowser.close();
  }
});
