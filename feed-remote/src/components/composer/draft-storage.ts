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
 *
 * A draft's key is its account's username (the new post's), or a key of the account's that no
 * username can be (a reply's, reply-drafts.ts): the functions below take either.
 */

export interface Draft {
  text: string;
  /** The uploaded image's URL (the in-browser back end's are data: URLs). */
  image?: string;
  /** The image's description (alt text), kept only with the image. */
  imageAlt?: string;
  /** The second to fourth images, each with its description (kept only after a first). */
  moreImages?: DraftImage[];
}

/** One attached image: its uploaded URL and its description. */
export interface DraftImage {
  image: string;
  alt?: string;
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
  })
    .then(async (database) => {
      // What an earlier page was asked to remove goes before this page reads any draft.
      await removeFromDatabase(database, signedOutAccounts());
      return database;
    })
    .catch((error: unknown) => {
      opening = null;
      throw error;
    });
  return opening;
}

/**
 * Signing out removes the person's drafts from IndexedDB, but a page that goes at once (the next
 * page loaded, the tab closed) aborts a removal IndexedDB has not committed yet. So the accounts to
 * forget are noted in local storage first, which is written at once and outlives the page; the note
 * goes when the removal is kept, and the next page to open the database removes what is still noted.
 */
const SIGNED_OUT = 'chirp.drafts-signed-out';

function signedOutAccounts(): string[] {
  try {
    const noted: unknown = JSON.parse(localStorage.getItem(SIGNED_OUT) ?? '[]');
    return Array.isArray(noted) ? noted.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

function noteSignedOut(accounts: string[]) {
  try {
    if (accounts.length) localStorage.setItem(SIGNED_OUT, JSON.stringify(accounts));
    else localStorage.removeItem(SIGNED_OUT);
  } catch {
    // storage unavailable: the removal is only as sure as this page's life
  }
}

/** Removes the accounts' drafts (the new post's, under the username, and each reply's) in one transaction. */
function removeFromDatabase(database: IDBDatabase, accounts: string[]): Promise<void> {
  if (!accounts.length) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const transaction = database.transaction(STORE, 'readwrite');
    const store = transaction.objectStore(STORE);
    for (const username of accounts) {
      store.delete(username);
      store.delete(IDBKeyRange.bound(`${username}/`, `${username}/\uffff`));
    }
    transaction.oncomplete = () => {
      noteSignedOut(signedOutAccounts().filter((name) => !accounts.includes(name)));
      resolve();
    };
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('The drafts were not removed.'));
  });
}

/**
 * Removes every draft of the account from the browser: noted at once (see above), removed from
 * IndexedDB when the returned function is called (after the writes already on their way).
 */
export function forgetAccountDrafts(username: string): () => Promise<boolean> {
  const noted = signedOutAccounts();
  if (!noted.includes(username)) noteSignedOut([...noted, username]);
  return async () => {
    try {
      await removeFromDatabase(await openDatabase(), [username]);
      return true;
    } catch {
      return false;
    }
  };
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

/** A draft of this text, with the image and its description when there is one (and the others after it). */
export const draftOf = (text: string, image: string | undefined, imageAlt?: string, moreImages?: readonly DraftImage[]): Draft =>
  image ? { text, image, ...(imageAlt ? { imageAlt } : {}), ...(moreImages?.length ? { moreImages: [...moreImages] } : {}) } : { text };

/** Every image of a draft, in order, each with its description. */
export const imagesOfDraft = ({ image, imageAlt, moreImages = [] }: Pick<Draft, 'image' | 'imageAlt' | 'moreImages'>): DraftImage[] =>
  image === undefined ? [] : [{ image, ...(imageAlt ? { alt: imageAlt } : {}) }, ...moreImages];

/** A draft of this text with these images (the first as `image` and `imageAlt`, as a one-image draft keeps it). */
export const draftWithImages = (text: string, [first, ...more]: readonly DraftImage[]): Draft => draftOf(text, first?.image, first?.alt, more);


const isOptionalText = (value: unknown) => value === undefined || typeof value === 'string';
const isDraftImage = (value: unknown) =>
  typeof value === 'object' && value !== null && typeof (value as DraftImage).image === 'string' && isOptionalText((value as DraftImage).alt);
const isOptionalImageList = (value: unknown) => value === undefined || (Array.isArray(value) && value.every(isDraftImage));

function isDraftRecord(value: unknown): value is DraftRecord {
  if (typeof value !== 'object' || value === null) return false;
  const { text, image, imageAlt, moreImages } = value as Partial<DraftRecord>;
  return typeof text === 'string' && isOptionalText(image) && isOptionalText(imageAlt) && isOptionalImageList(moreImages);
}

/** The account's saved draft, if any (a record that does not read back as one is none). */
export async function readDraft(username: string): Promise<Draft | undefined> {
  try {
    const record: unknown = await inStore('readonly', (store) => store.get(username));
    if (!isDraftRecord(record)) return undefined;
    return draftOf(record.text, record.image, record.imageAlt, record.moreImages);
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
    if (draft.image && draft.imageAlt) record.imageAlt = draft.imageAlt;
    if (draft.image && draft.moreImages?.length) record.moreImages = draft.moreImages;
    await inStore('readwrite', (store) => store.put(record));
    return true;
  } catch {
    return false; // not kept: the draft still lives in the page (and the tab's copy)
  }
}

/**
 * The tab's copy: the text on every change, under one key; the image (a data: URL can be over a
 * megabyte) under another, written only when it changes, not on each key typed beside it.
 */
const TAB_TEXT = 'chirp.draft:';
const TAB_IMAGE = 'chirp.draft-image:';
/** What this page last wrote or read as each account's image entry. */
const tabImages = new Map<string, string | undefined>();

interface TabEntry {
  text: string;
  hasImage: boolean;
  imageAlt?: string;
  /** The second to fourth images, in the entry (written with it: they change as rarely as the first). */
  moreImages?: DraftImage[];
}

function isTabEntry(value: unknown): value is TabEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { text, hasImage, imageAlt, moreImages } = value as Partial<TabEntry>;
  return typeof text === 'string' && typeof hasImage === 'boolean' && isOptionalText(imageAlt) && isOptionalImageList(moreImages);
}

/** The tab's copy of the account's draft: undefined when the tab has none (then IndexedDB's is the one). */
export function readTabDraft(username: string): Draft | undefined {
  try {
    const entry: unknown = JSON.parse(sessionStorage.getItem(TAB_TEXT + username) ?? 'null');
    if (!isTabEntry(entry)) return undefined;
    const image = entry.hasImage ? sessionStorage.getItem(TAB_IMAGE + username) : undefined;
    if (image === null) return undefined; // half a copy is none
    tabImages.set(username, image);
    return draftOf(entry.text, image, entry.imageAlt, entry.moreImages);
  } catch {
    return undefined;
  }
}

/** Keeps the draft in the tab at once; when it does not fit, the tab keeps none and IndexedDB's decides. */
export function writeTabDraft(username: string, draft: Draft) {
  try {
    // The image first: a text entry that says it has one always finds it.
    if (!tabImages.has(username) || tabImages.get(username) !== draft.image) {
      if (draft.image) sessionStorage.setItem(TAB_IMAGE + username, draft.image);
      else sessionStorage.removeItem(TAB_IMAGE + username);
      tabImages.set(username, draft.image);
    }
    const entry: TabEntry = {
      text: draft.text,
      hasImage: draft.image !== undefined,
      ...(draft.imageAlt ? { imageAlt: draft.imageAlt } : {}),
      ...(draft.moreImages?.length ? { moreImages: draft.moreImages } : {}),
    };
    sessionStorage.setItem(TAB_TEXT + username, JSON.stringify(entry));
  } catch {
    forgetTabDraft(username);
  }
}

/** Forgets the tab's copies of every draft whose key starts with `prefix` (an account's replies). */
export function forgetTabDrafts(prefix: string) {
  for (const key of tabImages.keys()) if (key.startsWith(prefix)) tabImages.delete(key);
  try {
    const keys = Array.from({ length: sessionStorage.length }, (_, index) => sessionStorage.key(index) ?? '');
    for (const key of keys) {
      if (key.startsWith(TAB_TEXT + prefix) || key.startsWith(TAB_IMAGE + prefix)) sessionStorage.removeItem(key);
    }
  } catch {
    // storage unavailable: there is no copy to forget
  }
}

export function forgetTabDraft(username: string) {
  tabImages.delete(username);
  try {
    sessionStorage.removeItem(TAB_TEXT + username);
    sessionStorage.removeItem(TAB_IMAGE + username);
  } catch {
    // storage unavailable: there is no copy to forget
  }
}
