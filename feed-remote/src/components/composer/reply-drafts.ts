import { useSession } from '@chirp/session';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import {
  type Draft,
  type DraftImage,
  draftOf,
  draftWithImages,
  imagesOfDraft,
  forgetAccountDrafts,
  forgetTabDrafts,
  readDraft,
  readTabDraft,
  writeDraft,
  writeTabDraft,
} from './draft-storage';
import type { ImagesState } from './use-image-attachment';
import { watchAccounts } from '../../lib/watch-accounts';

/**
 * Reply drafts: one per account and post, kept as the new post's draft is (use-new-post-draft.ts):
 * in the page, in the tab's copy at once, in IndexedDB after a pause in typing or when the box
 * closes; waiting for the next log in when a session ends by itself; removed from the browser when
 * the person signs out. A reply posted (the box emptied) leaves none.
 */

const SAVE_DELAY_MS = 300;

/** Usernames never hold '/': the account's reply keys are apart from every account's new-post key. */
const accountPrefix = (username: string) => `${username}/`;
const replyKey = (username: string, postId: string) => `${accountPrefix(username)}reply/${postId}`;

const EMPTY: Draft = draftOf('', undefined);

/** The page's reply drafts by key: the boxes of one post (its page's and a dialog's) share theirs. */
const drafts = new Map<string, Draft>();
/** Keys typed in on this page: a saved draft read later must not overwrite them. */
const typed = new Set<string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setDraft(key: string, draft: Draft) {
  drafts.set(key, draft);
  listeners.forEach((listener) => listener());
}

const pending = new Map<string, Draft>();
let saveTimer: ReturnType<typeof setTimeout> | undefined;
/** IndexedDB's writes, one after the other; true while every one was kept. */
let writes = Promise.resolve(true);

function saveNow() {
  clearTimeout(saveTimer);
  saveTimer = undefined;
  for (const [key, draft] of pending) {
    writes = writes.then(async (kept) => (await writeDraft(key, draft)) && kept);
  }
  pending.clear();
}

function saveSoon(key: string, draft: Draft) {
  writeTabDraft(key, draft);
  pending.set(key, draft);
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveNow, SAVE_DELAY_MS);
}

/** Saves what waits at once and resolves when IndexedDB has it all (true) or refused some (false). */
export function settleReplyDrafts(): Promise<boolean> {
  saveNow();
  return writes;
}

/** The draft in the page, else the tab's copy (read at once), else nothing yet. */
function loadFromTab(key: string) {
  if (drafts.has(key)) return;
  const inTab = readTabDraft(key);
  if (inTab) drafts.set(key, inTab);
}

/** IndexedDB's draft, when the page and the tab have none (a new tab, the next log in). */
async function loadSaved(key: string) {
  if (drafts.has(key)) return;
  const saved = await readDraft(key);
  if (saved && !drafts.has(key) && !typed.has(key)) setDraft(key, saved);
}

/** As for the new post's draft: a session that ends keeps the drafts saved; signing out removes them. */
watchAccounts({
  changed: (left) => {
    saveNow();
    drafts.clear();
    typed.clear();
    listeners.forEach((listener) => listener());
    if (left) {
      void writes.then((kept) => {
        if (kept && useSession.getState().username !== left) forgetTabDrafts(accountPrefix(left));
      });
    }
  },
  signedOut: (username) => removeReplyDrafts(username),
});

function removeReplyDrafts(username: string) {
  const prefix = accountPrefix(username);
  for (const key of pending.keys()) if (key.startsWith(prefix)) pending.delete(key);
  forgetTabDrafts(prefix);
  const remove = forgetAccountDrafts(username);
  writes = writes.then(remove);
}

/**
 * The draft of a reply to `postId` by whoever is signed in: its text and its image's URL, with
 * setters that keep it. Without a post (a new post, an edit) or a person, the box's own state.
 */
export function useReplyDraft(postId: string | undefined) {
  const username = useSession((state) => state.username);
  const key = postId !== undefined && username !== null ? replyKey(username, postId) : null;
  // Read before the first render, so that the box opens holding the draft (and the caret after it).
  useState(() => key && loadFromTab(key));
  const draft = useSyncExternalStore(
    subscribe,
    () => (key && drafts.get(key)) || EMPTY,
    () => EMPTY,
  );
  const [own, setOwn] = useState(EMPTY);
  const shown = key ? draft : own;

  useEffect(() => {
    if (!key) return;
    loadFromTab(key);
    void loadSaved(key);
  }, [key]);

  useEffect(() => {
    if (!key) return;
    window.addEventListener('pagehide', saveNow);
    return () => {
      window.removeEventListener('pagehide', saveNow);
      saveNow(); // the box closed (Escape, the reply sent): kept at once
    };
  }, [key]);

  const change = useCallback(
    (update: (draft: Draft) => Draft) => {
      if (!key) {
        setOwn(update);
        return;
      }
      const next = update(drafts.get(key) ?? EMPTY);
      typed.add(key);
      setDraft(key, next);
      saveSoon(key, next);
    },
    [key],
  );
  const setText = useCallback((text: string) => change((current) => ({ ...current, text })), [change]);
  const changeImages = useCallback(
    (update: (images: DraftImage[]) => DraftImage[]) => change((current) => draftWithImages(current.text, update(imagesOfDraft(current)))),
    [change],
  );
  const images: ImagesState = [imagesOfDraft(shown), changeImages];
  return { text: shown.text, setText, images };
}
