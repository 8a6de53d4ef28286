import { homeComposer, postCard, publish, replyButton } from '../feed/feed-helpers';
import { expect, expectToast, recordToasts, signUpAndOpenHome, test, watchConsole } from '../support/api-server';

/**
 * Conversations, mentions and notifications against the API server, two people in two browsers: Ana posts; Ben replies and mentions
 * her; Ana's badge counts it (on the server's count), her notification opens the thread.
 */
test('a reply with a mention on the server: the author is notified and reads the thread', async ({ page, browser, baseURL, consoleErrors }) => {
  const ana = await signUpAndOpenHome(page, 'Ana');
  const question = `Tea or coffee, by ${ana.username}?`;
  await publish(homeComposer(page), question);
  await expectToast(page, 'Post uploaded Successfully');

  const otherBrowser = await browser.newContext({ baseURL });
  await recordToasts(otherBrowser);
  const answer = `@${ana.username} tea, always #teatime`;
  try {
    const other = await otherBrowser.newPage();
    watchConsole(other, consoleErrors);
    await signUpAndOpenHome(other, 'Ben');
    await other.getByRole('link', { name: 'Explore' }).click();
    const card = postCard(other, question);
    await replyButton(card).click();
    const dialog = other.getByRole('dialog', { name: 'Reply' });
    await dialog.getByRole('textbox', { name: 'Write a reply' }).fill(answer);
    await dialog.getByRole('button', { name: 'Reply', exact: true }).click();
    await expectToast(other, 'Your reply was posted');
    await expect(replyButton(card)).toHaveAccessibleName('Reply, 1 reply');
  } finally {
    await otherBrowser.close();
  }

  await page.reload();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Notifications, 1 unread' }).click();
  const line = page.getByRole('main').getByRole('link', { name: /Ben replied to your post/ });
  await expect(line).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await line.click();
  const main = page.getByRole('main');
  await expect(main.getByRole('list', { name: 'Earlier in the conversation' })).toContainText(question);
  const reply = postCard(page, answer);
  await expect(reply).toContainText(`Replying to @${ana.username}`);
  await expect(reply.getByRole('link', { name: `@${ana.username}` }).first()).toHaveAttribute('href', `/profile/${ana.username}`);
});
