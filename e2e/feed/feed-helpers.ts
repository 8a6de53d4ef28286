import { resolve } from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect } from '../support/fixtures';

/** A small landscape PNG to attach to posts. */
export const PICTURE = resolve(import.meta.dirname, '..', 'fixtures', 'sunrise.png');

export const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/**
 * Home's Everyone tab: every post, the list /home showed before the Following tab became its
 * default (the demo guest follows only priya.nair and marcus_bell, so most seed posts are only here).
 */
export const EVERYONE = '/home?feed=everyone';

/** The home feed's list (the post list is a role=feed named by its heading, which follows the sort). */
export const homeFeed = (page: Page) => page.getByRole('feed', { name: /^(Latest|Trending) Posts$/ });

/** The card of the post whose text contains `text`, in the current page's list. */
export const postCard = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('main').getByRole('article').filter({ hasText: text });

export const likeButton = (card: Locator) => card.getByRole('button', { name: 'Like', exact: true });
export const bookmarkButton = (card: Locator) => card.getByRole('button', { name: 'Bookmark', exact: true });
/** The like count shown beside the Like button (its description). */
export const likeCount = (card: Locator) => card.locator('.post-card__action--like .post-card__count');
/** A post's link to its own page: the card's time (relative: "now", "5m", then the date). */
export const timeLink = (scope: Locator) => scope.getByRole('link').filter({ has: scope.page().locator('time') });
/** A card's Reply button: its name starts with "Reply" and says how many replies there are. */
export const replyButton = (card: Locator) => card.getByRole('button', { name: /^Reply, \d+ repl/ });

/** A toast (react-hot-toast renders each message in a role=status element). */
export const toastMessage = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** The composer on /home (a form named 'Create post'). */
export const homeComposer = (page: Page) => page.getByRole('main').getByRole('form', { name: 'Create post' });

/** Writes and sends a post from a composer form. */
export async function publish(composer: Locator, text: string) {
  await composer.getByRole('textbox', { name: 'Write a post' }).fill(text);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
}

/** Waits until the home feed shows posts. */
export async function feedReady(page: Page) {
  await expect(homeFeed(page).getByRole('article').first()).toBeVisible();
}

/** Picks the test picture in a composer and waits for its preview. */
export async function attachPicture(composer: Locator) {
  await composer.getByLabel('Add image').setInputFiles(PICTURE);
  await expect(composer.getByRole('img', { name: 'Selected image' })).toBeVisible();
}

/** Opens 'Edit Post' from the options of the post containing `text`; returns the dialog. */
export async function openPostEditor(page: Page, text: string) {
  await postCard(page, text).getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Edit Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit post' });
  await expect(dialog).toBeVisible();
  return dialog;
}
