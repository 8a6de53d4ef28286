import { useSession } from '@chirp/session';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import {
  type Draft,
  type DraftImage,
  draftOf,
  draftWithImages,
  imagesOfDraft,
  forgetAccountDrafts,
  forgetTabDraft,
  readDraft,
  readTabDraft,
  writeDraft,
  writeTabDraft,
} from './draft-storage';
import type { ImagesState } from './use-image-attachment';
import { watchAccounts } from '../../lib/watch-accounts';
import { useFeedStore } from '../../lib/feed-store';

/**
 * A pause in typing this long saves the draft in IndexedDB; closing a composer or leaving the page
 * saves at once. The tab's own copy is written on every change (see draft-storage).
 */
const SAVE_DELAY_MS = 300;

/**
 * The new-post draft's image, shared by every new-post composer of the page (the home page's and
 * the dialog's), like its text, which is the feed store's `composerText` (spec: client state).
 * `loaded` once the account's saved draft was read: nothing is saved before (but what the person
 * types, in the tab's copy), so an empty composer never overwrites a draft it has not seen yet.
 */
interface DraftImages {
  username: string | null;
  /** The attached images in order, each with its description. */
  images: DraftImage[];
  loaded: boolean;
}

const NO_IMAGES: DraftImage[] = [];
const NO_IMAGE = { images: NO_IMAGES };
let draftImage: DraftImages = { username: null, ...NO_IMAGE, loaded: false };
const listeners = new Set<() => void>();

function changeDraftImage(change: Partial<DraftImages>) {
  draftImage = { ...draftImage, ...change };
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentDraftImage = () => draftImage;

let pending: { username: string; draft: Draft } | null = null;
let saveTimer: ReturnType<typeof setTimeout> | undefined;
/** What each account's record holds, as far as this page knows: an unchanged draft is not written again. */
const savedDrafts = new Map<string, string>();
/** IndexedDB's writes, one after the other; true when the last one was kept. */
let writes = Promise.resolve(true);

function saveNow() {
  clearTimeout(saveTimer);
  saveTimer = undefined;
  if (!pending) return;
  const { username, draft } = pending;
  pending = null;
  const saved = JSON.stringify(draft);
  if (savedDrafts.get(username) === saved) return;
  savedDrafts.set(username, saved);
  writes = writes.then(async () => {
    const kept = await writeDraft(username, draft);
    if (!kept && savedDrafts.get(username) === saved) savedDrafts.delete(username); // the next save tries again
    return kept;
  });
}

function saveSoon(username: string, draft: Draft) {
  writeTabDraft(username, draft);
  pending = { username, draft };
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveNow, SAVE_DELAY_MS);
}

/** Saves what waits at once and resolves when IndexedDB has it (true) or refused it (false). */
export function settleDraft(): Promise<boolean> {
  saveNow();
  return writes;
}

const whenIdle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
/** The longest a saved draft waits for an idle moment to be read. */
const DRAFT_READ_WAIT_MS = 300;

/**
 * IndexedDB's record, read in the first idle moment rather than in the screen's first render: the
 * first open of the database on a page takes the main thread for some 10 ms.
 */
const readDraftWhenIdle = (username: string) =>
  new Promise<Awaited<ReturnType<typeof readDraft>>>((resolve, reject) => {
    whenIdle(() => readDraft(username).then(resolve, reject), { timeout: DRAFT_READ_WAIT_MS });
  });

/**
 * Reads the account's saved draft into the composers, unless the person has started another: the
 * tab's copy at once when there is one (it is the newest for this tab), else IndexedDB's record.
 */
async function loadDraft(username: string) {
  if (draftImage.username === username) return;
  const inTab = readTabDraft(username);
  changeDraftImage({ username, ...NO_IMAGE, loaded: false });
  const saved = inTab ?? (await readDraftWhenIdle(username));
  if (draftImage.username !== username) return; // signed out (or in as someone else) meanwhile
  // IndexedDB may not have the tab's copy yet (the page went before the write was done): save it again.
  if (inTab) savedDrafts.delete(username);
  else savedDrafts.set(username, JSON.stringify(saved ?? draftOf('', undefined)));
  const feed = useFeedStore.getState();
  if (saved?.text && feed.composerText === '') feed.setComposerText(saved.text);
  // Images attached meanwhile keep their own descriptions; else the saved images come with theirs.
  const attached = draftImage.images.length > 0;
  changeDraftImage({ images: attached ? draftImage.images : saved ? imagesOfDraft(saved) : [], loaded: true });
}

/**
 * A session that ends empties the session's composer text: the draft, saved first, waits for the
 * next log in in IndexedDB, and the tab forgets its copy once it is kept there (another tab may
 * change it before). Signing out removes it.
 */
watchAccounts({
  changed: (left) => {
    saveNow();
    changeDraftImage({ username: null, ...NO_IMAGE, loaded: false });
    if (left) {
      void writes.then((kept) => {
        if (kept && useSession.getState().username !== left) forgetTabDraft(left);
      });
    }
  },
  signedOut: (username) => removeDraft(username),
});

/** Removes the account's draft everywhere it is kept, after the writes already on their way. */
function removeDraft(username: string) {
  if (pending?.username === username) pending = null;
  forgetTabDraft(username);
  savedDrafts.delete(username);
  const remove = forgetAccountDrafts(username);
  writes = writes.then(remove);
}

/**
 * The new post's draft: its text (the store's) and image survive the dialog's closing and a reload,
 * per account, until it is posted (the composer empties) or discarded. Off (`enabled` false) for
 * edits and replies, which keep their own text and image.
 */
export function useNewPostDraft(enabled: boolean) {
  const username = useSession((state) => state.username);
  const text = useFeedStore((state) => state.composerText);
  const setText = useFeedStore((state) => state.setComposerText);
  const shared = useSyncExternalStore(subscribe, currentDraftImage, currentDraftImage);
  const ours = enabled && username !== null && shared.username === username;
  const images = ours ? shared.images : NO_IMAGES;
  const loaded = ours && shared.loaded;

  useEffect(() => {
    if (enabled && username) void loadDraft(username);
  }, [enabled, username]);

  useEffect(() => {
    if (!ours || !username) return;
    const draft = draftWithImages(text, images);
    if (loaded) saveSoon(username, draft);
    else if (text || images.length) writeTabDraft(username, draft); // typed before the saved draft was read
  }, [ours, loaded, username, text, images]);

  useEffect(() => {
    if (!enabled) return;
    window.addEventListener('pagehide', saveNow);
    return () => {
      window.removeEventListener('pagehide', saveNow);
      saveNow();
    };
  }, [enabled]);

  const changeImages = useCallback((update: (images: DraftImage[]) => DraftImage[]) => changeDraftImage({ images: update(draftImage.images) }), []);

  const discard = useCallback(() => {
    setText('');
    changeDraftImage(NO_IMAGE);
    if (username) {
      saveSoon(username, draftOf('', undefined));
      saveNow();
    }
  }, [setText, username]);

  const imagesState: ImagesState = [images, changeImages];
  return { images: imagesState, hasDraft: enabled && (text !== '' || images.length > 0), discard };
}
