import type { Page } from '@playwright/test';
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { appTookOver, expect, logIn, openLoggedIn, test } from '../support/fixtures';

/** The in-browser back end keeps its data across reloads and survives corruption. */

async function postContents(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const { posts } = (await (await fetch('/api/posts')).json()) as { posts: { content: string }[] };
    return posts.map((post) => post.content);
  });
}

async function createPostThroughApi(page: Page, content: string) {
  return page.evaluate(
    async ({ content, credentials }) => {
      const login = await fetch('/api/auth/login', { method: 'POST', body: JSON.stringify(credentials) });
      const { encodedToken } = (await login.json()) as { encodedToken: string };
      const created = await fetch('/api/posts', {
        method: 'POST',
        headers: { authorization: encodedToken },
        body: JSON.stringify({ postData: { content } }),
      });
      return created.status;
    },
    { content, credentials: GUEST_CREDENTIALS },
  );
}

test('a post created in the app is still there after a reload, in the feed', async ({ page }) => {
  await openLoggedIn(page);
  // The in-browser back end starts with the app: once the feed shows, it answers the page's calls
  // (before that, /api/… reaches the static host, which answers the app's HTML).
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await createPostThroughApi(page, 'Kept across reloads')).toBe(201);

  await page.reload();
  await expect(page.getByRole('article').filter({ hasText: 'Kept across reloads' })).toBeVisible();
  expect(await postContents(page)).toContain('Kept across reloads');
});

test('corrupt saved data leads to a working app with the seed data', async ({ page }) => {
  await page.goto('/');
  await appTookOver(page);
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('chirp-demo-backend');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise<void>((resolve) => {
      const transaction = db.transaction('posts', 'readwrite');
      transaction.objectStore('posts').put({ _id: 'broken', likes: 'lots' });
      transaction.oncomplete = () => resolve();
    });
    db.close();
  });

  await page.reload();
  await logIn(page);
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await postContents(page)).toHaveLength(16);
});

test('?resetData=1 lays down fresh seeds and takes itself out of the address', async ({ page }) => {
  await page.goto('/');
  await appTookOver(page);
  expect(await createPostThroughApi(page, 'Gone after a reset')).toBe(201);

  await page.goto('/?resetData=1');
  await appTookOver(page);
  expect(page.url()).not.toContain('resetData');
  const contents = await postContents(page);
  expect(contents).not.toContain('Gone after a reset');
  expect(contents).toHaveLength(16);
});
