/**
 * Where a new post's draft waits between visits: IndexedDB, one record per account. Not local
 * storage: signing out clears all of it (spec 4), and a draft's image can be a data: URL of a few
 * hundred kilobytes. Storage is a convenience: when the browser refuses it, drafts live as long
 * as the page.
 *
 * IndexedDB answers later, and a write the page has not seen committed is lost when the page goes
 * (a reload right after closing the composer). So the tab also keeps its own copy, written and read
 * at once: sessionStorage, one entry per account. An empty draft is kept there too (posted or
 * discarded: an older record in IndexedDB must not come back).
 */

export interface Draft {
  text: string;
  /** The uploaded image's URL (the in-browser back end's are data: URLs). */
  image?: string;
}

interface DraftRecord extends Draft {
  username: string;
  savedAt: string;
}

const DATABASE = 'chirp-drafts';
const STORE = 'drafts';

let opening: Promise<IDBDatabase> | null = null;

function settle<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function openDatabase(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'username' });
    request.onsuccess = () => {
      const database = request.result;
      // A newer page (another tab after a deploy) asking for another layout must not wait for us.
      database.onversionchange = () => {
        database.close();
        opening = null;
      };
      resolve(database);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('The drafts database is held by another tab.'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await openDatabase();
  const transaction = database.transaction(STORE, mode);
  const result = await settle(work(transaction.objectStore(STORE)));
  await new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('The draft was not saved.'));
  });
  return result;
}

function isDraftRecord(value: unknown): value is DraftRecord {
  if (typeof value !== 'object' || value === null) return false;
  const { text, image } = value as Partial<DraftRecord>;
  return typeof text === 'string' && (image === undefined || typeof image === 'string');
}

/** The account's saved draft, if any (a record that does not read back as one is none). */
export async function readDraft(username: string): Promise<Draft | undefined> {
  try {
    const record: unknown = await inStore('readonly', (store) => store.get(username));
    if (!isDraftRecord(record)) return undefined;
    return record.image === undefined ? { text: record.text } : { text: record.text, image: record.image };
  } catch {
    return undefined;
  }
}

/** Keeps the account's draft (an empty one removes it); false when the browser did not keep it. */
export async function writeDraft(username: string, draft: Draft): Promise<boolean> {
  try {
    if (!draft.text && !draft.image) {
      await inStore('readwrite', (store) => store.delete(username));
      return true;
    }
    const record: DraftRecord = { username, text: draft.text, savedAt: new Date().toISOString() };
    if (draft.image) record.image = draft.image;
    await inStore('readwrite', (store) => store.put(record));
    return true;
  } catch {
    return false; // not kept: the draft still lives in the page (and the tab's copy)
  }
}

const TAB_PREFIX = 'chirp.draft:';

/** The tab's copy of the account's draft: undefined when the tab has none (then IndexedDB's is the one). */
export function readTabDraft(username: string): Draft | undefined {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(TAB_PREFIX + username) ?? 'null');
    if (!isDraftRecord(stored)) return undefined;
    return stored.image === undefined ? { text: stored.text } : { text: stored.text, image: stored.image };
  } catch {
    return undefined;
  }
}

/** Keeps the draft in the tab at once; when it does not fit, the tab keeps none and IndexedDB's decides. */
export function writeTabDraft(username: string, draft: Draft) {
  try {
    sessionStorage.setItem(TAB_PREFIX + username, JSON.stringify(draft));
  } catch {
    forgetTabDraft(username);
  }
}

export function forgetTabDraft(username: string) {
  try {
    sessionStorage.removeItem(TAB_PREFIX + username);
  } catch {
    // storage unavailable: there is no copy to forget
  }
}
