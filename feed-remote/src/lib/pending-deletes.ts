/**
 * Deletions waiting out their undo window. Each is sent when its window ends; Undo before then drops
 * it unsent. When the page goes away (pagehide) or the session ends (a sign-out) first, every one
 * waiting is sent at once: the person asked for it, and no later moment is sure to come.
 */
import { compactApi, onSessionChange, useSession } from '@chirp/session';

/** How long 'Post Deleted!' offers Undo before the deletion is sent. */
export const UNDO_WINDOW_MS = 5000;

interface PendingDelete {
  timer: ReturnType<typeof setTimeout>;
  /** The session's token when the person deleted: a sign-out has cleared it from storage by the time the call goes. */
  token: string | null;
  /** Ends the wait: with the call sent (true once answered), or with false when it was undone. */
  settle: (deleted: boolean | Promise<boolean>) => void;
  /** Told as the call goes: Undo is over. */
  sent: () => void;
}

const pending = new Map<string, PendingDelete>();

function take(postId: string): PendingDelete | undefined {
  const entry = pending.get(postId);
  if (entry) {
    pending.delete(postId);
    clearTimeout(entry.timer);
  }
  return entry;
}

/** Whether the deletion of `postId` is waiting out its window. */
export const deleteWaiting = (postId: string) => pending.has(postId);

/** Ends the wait of `postId` with `call`, started now. */
function send(postId: string, call: (entry: PendingDelete) => Promise<unknown>): void {
  const entry = take(postId);
  if (!entry) return;
  entry.sent();
  entry.settle(call(entry).then(() => true));
}

/**
 * Sends the deletion of `postId` once the undo window has passed (`sent` is told as it goes).
 * Answers true when the server has deleted the post, false when it was undone first; a refusal
 * rejects with the server's error.
 */
export function deleteAfterUndoWindow(postId: string, { sent }: { sent: () => void }): Promise<boolean> {
  return new Promise<boolean>((settle) => {
    const timer = setTimeout(() => send(postId, () => compactApi.deletePost(postId)), UNDO_WINDOW_MS);
    pending.set(postId, { timer, token: useSession.getState().token, settle, sent });
  });
}

/** Undo: the deletion is dropped unsent. Whether it was still waiting (false: too late). */
export function undoDelete(postId: string): boolean {
  const entry = take(postId);
  entry?.settle(false);
  return entry !== undefined;
}

/** Sends every deletion still waiting, at once, with requests that outlive the page. */
export function sendPendingDeletesNow(): void {
  for (const postId of [...pending.keys()]) {
    send(postId, ({ token }) => compactApi.deletePostAsPageGoes(postId, token));
  }
}

// A page that goes away (a reload, a link elsewhere, a closed tab) takes its timers with it. The
// in-browser back end goes with it too: a deletion sent to it this late is lost, as any call then.
window.addEventListener('pagehide', sendPendingDeletesNow);

// A sign-out: the deletions the person asked for go at once, with the token kept from when they
// asked (storage no longer has it).
onSessionChange('feed pending deletes', (change) => {
  if (change.type === 'ended') sendPendingDeletesNow();
});
