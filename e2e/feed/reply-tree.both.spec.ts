import { GUEST_CREDENTIALS } from '@chirp/contracts';
import type { Page } from '@playwright/test';
import { expect, openLoggedIn, test } from '../support/fixtures';
import { expectNoViolationsInEitherTheme } from '../profile/a11y-helpers';
import { SEED_PASSWORD } from '../profile/profile-helpers';
import { feedReady, postCard } from './feed-helpers';

/**
 * A conversation five posts deep, the guest and Priya taking turns: its first post's page shows the
 * replies as a tree three levels deep and links to the rest; following the link from the keyboard
 * opens the deepest reply's page, with the conversation above it; Back returns.
 */
const PRIYA = { username: 'priya.nair', password: SEED_PASSWORD };

/** Writes the conversation through the in-browser back end's API: each post answers the one before. */
function writeConversation(page: Page, contents: string[]) {
  return page.evaluate(
    async ({ contents, people }) => {
      const tokens: string[] = [];
      for (const credentials of people) {
        const login = await fetch('/api/auth/login', { method: 'POST', body: JSON.stringify(credentials) });
        tokens.push(((await login.json()) as { encodedToken: string }).encodedToken);
      }
      const ids: string[] = [];
      for (const [index, content] of contents.entries()) {
        const created = await fetch('/api/posts?view=compact', {
          method: 'POST',
          headers: { authorization: tokens[index % 2]! },
          body: JSON.stringify({ postData: { content, ...(index > 0 ? { replyTo: ids[index - 1] } : {}) } }),
        });
        ids.push(((await created.json()) as { post: { _id: string } }).post._id);
      }
      return ids;
    },
    { contents, people: [GUEST_CREDENTIALS, PRIYA] },
  );
}

test('a conversation shows as a tree three levels deep, with Show more replies to the rest, from the keyboard', async ({ page }) => {
  const word = `treetop${Date.now() % 100_000}`;
  const contents = ['Who has a good bread recipe?', 'Level one: mine!', 'Level two: share it?', 'Level three: sure, soon', 'Level four: waiting'].map(
    (text) => `${text} ${word}`,
  );
  await openLoggedIn(page, '/home');
  // The in-browser back end answers /api once the app has started it: by the time the feed shows.
  await feedReady(page);
  const [root, , , third] = await writeConversation(page, contents);

  await page.goto(`/post/${root}`);
  const replies = page.getByRole('main').getByRole('region', { name: 'Replies' });
  await expect(postCard(page, contents[1]!)).toBeVisible();
  const underFirst = replies.getByRole('list', { name: `Replies to @${PRIYA.username}` });
  await expect(underFirst.getByRole('article').first()).toContainText(contents[2]!);
  const underSecond = underFirst.getByRole('list', { name: `Replies to @${GUEST_CREDENTIALS.username}` });
  await expect(underSecond.getByRole('article')).toContainText(contents[3]!);
  // The fourth level is a link away.
  await expect(postCard(page, contents[4]!)).toHaveCount(0);
  const more = underSecond.getByRole('link', { name: `Show more replies to @${PRIYA.username}` });
  await expect(more).toHaveText('Show more replies');
  await expectNoViolationsInEitherTheme(page, 'a conversation as a tree');

  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/post/${third}$`));
  const earlier = page.getByRole('main').getByRole('list', { name: 'Earlier in the conversation' });
  await expect(earlier.getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('main').getByRole('region', { name: 'Replies' }).getByRole('article')).toContainText(contents[4]!);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${root}$`));
  await expect(more).toBeVisible();
});
