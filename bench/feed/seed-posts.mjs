/**
 * Fills the in-browser back end's saved data with extra posts, for the feed benchmark and the long
 * feed E2E test. Runs IN THE PAGE (pass it to `page.evaluate`): it must stay self-contained.
 *
 * It writes to the IndexedDB layout of browser-backend/src/persistence.ts (database
 * 'chirp-demo-backend', object stores 'users' and 'posts' keyed by `_id`, posts shaped as
 * `StoredPost` of api-rules/src/database.ts). The back end reads the data when the page
 * loads, so reload after seeding. The seed posts are kept; generated ones are older than them.
 */
/* global indexedDB, document -- runs in the page */

/**
 * Seeds `page` (a Playwright page of the app on the in-browser back end) up to `total` posts, once its
 * back end has laid down its seeds: the login page is painted from the HTML before that. Reload after.
 */
export async function seedPostsInPage(page, total) {
  await page.waitForFunction(() => document.documentElement.dataset.backend === 'ready');
  return page.evaluate(seedPostsInBrowser, { total });
}

export async function seedPostsInBrowser({ total }) {
  const settle = (request) =>
    new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const database = await settle(indexedDB.open('chirp-demo-backend'));
  try {
    const transaction = database.transaction(['users', 'posts'], 'readwrite');
    const finished = new Promise((resolve, reject) => {
      transaction.oncomplete = resolve;
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error ?? new Error('aborted'));
    });
    const users = await settle(transaction.objectStore('users').getAll());
    const posts = transaction.objectStore('posts');
    const existing = await settle(posts.count());
    if (users.length === 0) throw new Error('No saved users: load the app once before seeding.');

    const openings = [
      'Morning thought:',
      'Small win today.',
      'Hot take:',
      'Note to self:',
      'Field report.',
      'Reading list update.',
      'Overheard on the tram:',
      'Weekend plan:',
    ];
    const bodies = [
      'the best tools disappear when you use them.',
      'finished the draft, now the hard part: cutting it in half.',
      'a walk at lunch fixes more bugs than a second coffee.',
      'tried a new recipe and the kitchen survived.',
      'if it needs a manual, it needs a redesign.',
      'three chapters in and already recommending it to everyone.',
      'the city looks different at six in the morning.',
      'slow progress is still progress.',
    ];
    const images = ['/images/sourdough.svg', '/images/tide-pool.svg', '/images/tokyo-night.svg', '/images/bike-route.svg'];
    const newest = Date.parse('2026-10-01T12:00:00Z');
    const stamp = (time) => `${new Date(time).toISOString().slice(0, 19)}+00:00`;

    for (let index = 0; index < total - existing; index += 1) {
      const author = users[index % users.length];
      const createdAt = stamp(newest - index * 37 * 60_000);
      const content =
        index % 5 === 0
          ? `${openings[index % openings.length]}\n${bodies[(index * 3) % bodies.length]}\n\n#${index + 1}`
          : `${openings[index % openings.length]} ${bodies[(index * 7) % bodies.length]} (#${index + 1})`;
      posts.put({
        _id: crypto.randomUUID(),
        content,
        ...(index % 8 === 3 ? { image: images[index % images.length] } : {}),
        username: author.username,
        likes: { likeCount: (index * 7919) % 9000, likedBy: [], dislikedBy: [] },
        createdAt,
        updatedAt: createdAt,
      });
    }
    await finished;
    return Math.max(total, existing);
  } finally {
    database.close();
  }
}
