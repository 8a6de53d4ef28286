/**
 * The back end's data in IndexedDB (not localStorage: images would not fit, and sign-out clears
 * localStorage). One record per user and per post, so a change writes only what changed; a `meta`
 * record holds the schema version and the token key. Data of another schema version, or that does
 * not read back as the shapes of `rules/database.ts`, is reported as absent: the caller seeds.
 */
import { type Database, isStoredNotification, isStoredPost, isStoredUser, type NameReservation, STORAGE, type StoredAuditEntry, type StoredReport } from '@chirp/api-rules';

export interface DatabaseStore {
  /** The saved data; null when there is none, or it is of another schema version, or unreadable. */
  load(): Promise<Database | null>;
  /** Replaces everything saved. */
  saveAll(db: Database): Promise<void>;
  /** Saves the users and posts whose objects differ between `before` and `after` (rules never mutate). */
  saveChanges(before: Database, after: Database): Promise<void>;
  close(): void;
}

/** Keeps nothing: for tests, and the fallback when a browser offers no usable IndexedDB. */
export function memoryStore(): DatabaseStore {
  let saved: Database | null = null;
  return {
    load: async () => saved,
    saveAll: async (db) => {
      saved = db;
    },
    saveChanges: async (_before, after) => {
      saved = after;
    },
    close: () => {},
  };
}

/** The layout of the object stores; a different number rebuilds them empty (then seeds fill them). */
const LAYOUT_VERSION = 2;
const META_KEY = 'dataset';
const OPEN_TIMEOUT_MS = 3000;

/** The data set's own record: its version and token key, and the reports and audit log (few: kept whole). */
interface MetaRecord {
  schemaVersion: number;
  tokenSecret: string;
  reports?: StoredReport[];
  audit?: StoredAuditEntry[];
  /** Digests of deleted accounts' usernames, reserved for a while (absent in data saved before them). */
  reservedNames?: NameReservation[];
}

const settle = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const finish = (transaction: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, LAYOUT_VERSION);
    // Another tab holding an older layout open blocks us: give up rather than leave a blank page.
    const timer = setTimeout(() => reject(new Error('IndexedDB did not open in time')), OPEN_TIMEOUT_MS);
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const store of Array.from(db.objectStoreNames)) db.deleteObjectStore(store);
      db.createObjectStore('meta');
      db.createObjectStore('users', { keyPath: '_id' });
      db.createObjectStore('posts', { keyPath: '_id' });
      db.createObjectStore('notifications', { keyPath: '_id' });
    };
    request.onsuccess = () => {
      clearTimeout(timer);
      const db = request.result;
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => {
      clearTimeout(timer);
      reject(request.error);
    };
  });
}

/**
 * Opens the store. A database this code cannot open (e.g. saved by a newer layout) is deleted and
 * opened anew once; if that fails too, the error reaches the caller, which falls back to memory.
 */
export async function openIndexedDbStore(
  factory: IDBFactory = indexedDB,
  name: string = STORAGE.databaseName,
): Promise<DatabaseStore> {
  let idb: IDBDatabase;
  try {
    idb = await openDatabase(factory, name);
  } catch {
    await settle(factory.deleteDatabase(name)).catch(() => undefined);
    idb = await openDatabase(factory, name);
  }
  const stores = ['meta', 'users', 'posts', 'notifications'];

  async function load(): Promise<Database | null> {
    try {
      const transaction = idb.transaction(stores, 'readonly');
      const [meta, users, posts, notifications] = await Promise.all([
        settle<unknown>(transaction.objectStore('meta').get(META_KEY)),
        settle<unknown[]>(transaction.objectStore('users').getAll()),
        settle<unknown[]>(transaction.objectStore('posts').getAll()),
        settle<unknown[]>(transaction.objectStore('notifications').getAll()),
      ]);
      if (!isMeta(meta) || meta.schemaVersion !== STORAGE.schemaVersion) return null;
      if (!users.every(isStoredUser) || !posts.every(isStoredPost) || users.length === 0) return null;
      // Notifications that do not read back are dropped, not a reason to lose the posts.
      const reservedNames = Array.isArray(meta.reservedNames) ? meta.reservedNames.filter(isReservation) : [];
      return {
        tokenSecret: meta.tokenSecret,
        users,
        posts,
        notifications: notifications.filter(isStoredNotification),
        reservedNames,
        ...(Array.isArray(meta.reports) ? { reports: meta.reports } : {}),
        ...(Array.isArray(meta.audit) ? { audit: meta.audit } : {}),
      };
    } catch {
      return null;
    }
  }

  type Stores = [meta: IDBObjectStore, users: IDBObjectStore, posts: IDBObjectStore, notifications: IDBObjectStore];
  async function write(change: (...stores: Stores) => void) {
    const transaction = idb.transaction(stores, 'readwrite');
    const done = finish(transaction);
    try {
      change(...(stores.map((store) => transaction.objectStore(store)) as Stores));
    } catch (error) {
      // A record refused half-way (e.g. one that cannot be cloned): keep what was there, all of it.
      done.catch(() => undefined);
      transaction.abort();
      throw error;
    }
    await done;
  }

  const metaOf = (db: Database): MetaRecord => ({
    schemaVersion: STORAGE.schemaVersion,
    tokenSecret: db.tokenSecret,
    ...(db.reports ? { reports: db.reports } : {}),
    ...(db.audit ? { audit: db.audit } : {}),
    ...(db.reservedNames ? { reservedNames: db.reservedNames } : {}),
  });

  return {
    load,
    saveAll: (db) =>
      write((meta, users, posts, notifications) => {
        [meta, users, posts, notifications].forEach((store) => store.clear());
        meta.put(metaOf(db), META_KEY);
        db.users.forEach((user) => users.put(user));
        db.posts.forEach((post) => posts.put(post));
        db.notifications?.forEach((line) => notifications.put(line));
      }),
    saveChanges: (before, after) =>
      write((meta, users, posts, notifications) => {
        const metaChanged =
          before.tokenSecret !== after.tokenSecret ||
          before.reports !== after.reports ||
          before.audit !== after.audit ||
          before.reservedNames !== after.reservedNames;
        if (metaChanged) meta.put(metaOf(after), META_KEY);
        saveDifferences(users, before.users, after.users);
        saveDifferences(posts, before.posts, after.posts);
        if (before.notifications !== after.notifications) saveDifferences(notifications, before.notifications ?? [], after.notifications ?? []);
      }),
    close: () => idb.close(),
  };
}

function saveDifferences<T extends { _id: string }>(store: IDBObjectStore, before: readonly T[], after: readonly T[]) {
  const previous = new Map(before.map((entity) => [entity._id, entity]));
  for (const entity of after) {
    if (previous.get(entity._id) !== entity) store.put(entity);
    previous.delete(entity._id);
  }
  for (const id of previous.keys()) store.delete(id);
}

const isReservation = (value: unknown): value is NameReservation =>
  typeof value === 'object' && value !== null && typeof (value as NameReservation).digest === 'string' && typeof (value as NameReservation).freeAt === 'string';

function isMeta(value: unknown): value is MetaRecord {
  if (typeof value !== 'object' || value === null) return false;
  const { schemaVersion, tokenSecret } = value as Partial<MetaRecord>;
  return typeof schemaVersion === 'number' && typeof tokenSecret === 'string' && tokenSecret.length > 0;
}
