// @vitest-environment happy-dom
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openIndexedDbStore, type DatabaseStore } from '../persistence';
import { type Database, STORAGE } from '@chirp/api-rules';
import { createSeedDatabase } from '../seeds';

const NAME = 'persistence-test';
let store: DatabaseStore | undefined;

afterEach(() => store?.close());

/** Writes straight into the saved data, as another version of the app (or a broken one) would. */
async function tamper(factory: IDBFactory, storeName: string, value: unknown, key?: string) {
  const idb = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(NAME);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  await new Promise<void>((resolve, reject) => {
    const transaction = idb.transaction(storeName, 'readwrite');
    transaction.objectStore(storeName).put(value, key);
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
  });
  idb.close();
}

async function savedSeeds(factory = new IDBFactory()) {
  store = await openIndexedDbStore(factory, NAME);
  const db = await createSeedDatabase();
  await store.saveAll(db);
  return { factory, db, store };
}

describe('the IndexedDB store', () => {
  it('has nothing to load at first', async () => {
    store = await openIndexedDbStore(new IDBFactory(), NAME);
    expect(await store.load()).toBeNull();
  });

  it('loads back what it saved, across a reopening', async () => {
    const { factory, db, store: first } = await savedSeeds();
    first.close();
    store = await openIndexedDbStore(factory, NAME);
    const loaded = (await store.load())!;
    expect(loaded.tokenSecret).toBe(db.tokenSecret);
    expect(new Set(loaded.users)).toEqual(new Set(db.users));
    expect(new Set(loaded.posts)).toEqual(new Set(db.posts));
  });

  it('saves only the users and posts that changed, and removes deleted ones', async () => {
    const { db, store: saved } = await savedSeeds();
    const [first, second, ...rest] = db.posts;
    const changed: Database = { ...db, posts: [{ ...first!, content: 'changed' }, ...rest] };
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await saved.saveChanges(db, changed);
    expect(put).toHaveBeenCalledTimes(1);
    const loaded = (await saved.load())!;
    expect(loaded.posts).toHaveLength(15);
    expect(loaded.posts.find((post) => post._id === first!._id)!.content).toBe('changed');
    expect(loaded.posts.some((post) => post._id === second!._id)).toBe(false);
  });

  it('reports data of another schema version as absent', async () => {
    const { factory, db, store: saved } = await savedSeeds();
    saved.close();
    await tamper(factory, 'meta', { schemaVersion: STORAGE.schemaVersion + 1, tokenSecret: db.tokenSecret }, 'dataset');
    store = await openIndexedDbStore(factory, NAME);
    expect(await store.load()).toBeNull();
  });

  it.each([
    ['a user of the wrong shape', 'users', { _id: 'x', username: 5 }],
    ['a post of the wrong shape', 'posts', { _id: 'y', likes: 'many' }],
  ])('reports unreadable data (%s) as absent', async (_label, storeName, value) => {
    const { factory, store: saved } = await savedSeeds();
    saved.close();
    await tamper(factory, storeName, value);
    store = await openIndexedDbStore(factory, NAME);
    expect(await store.load()).toBeNull();
  });

  it('starts over when the saved database has a layout it does not know', async () => {
    const factory = new IDBFactory();
    await new Promise<void>((resolve, reject) => {
      const request = factory.open(NAME, 7);
      request.onupgradeneeded = () => request.result.createObjectStore('something-else');
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    store = await openIndexedDbStore(factory, NAME);
    expect(await store.load()).toBeNull();
    const db = await createSeedDatabase();
    await store.saveAll(db);
    expect((await store.load())!.users).toHaveLength(8);
  });
});

describe('a write that fails half-way', () => {
  it('keeps everything that was saved before it', async () => {
    const { db, store: saved } = await savedSeeds();
    const fresh = await createSeedDatabase();
    await expect(saved.saveAll({ ...fresh, users: [{ noId: true } as never] })).rejects.toThrow();
    expect((await saved.load())!.tokenSecret).toBe(db.tokenSecret);
  });
});
