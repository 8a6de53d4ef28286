/**
 * Posts written while the browser is offline. They wait in this device's storage, under the
 * account that wrote them (another account signing in on the device never sends them), and go in
 * the order they were written as soon as the browser is back online: on its `online` event, or on
 * the next visit that starts online.
 */
import { compactApi, toast, useSession } from '@chirp/session';
import { postCreated } from '@chirp/queries';

/** A new post or a reply, as the composer would have sent it. */
export type QueuedPost = Parameters<typeof compactApi.createPost>[0];

export const OFFLINE_TEXTS = {
  queued: 'You are offline. Your post will be sent when you are back online.',
  sent: (count: number) => (count === 1 ? 'Your post written offline was sent.' : `Your ${count} posts written offline were sent.`),
};

const storageKey = (username: string) => `chirp-offline-posts:${username}`;

/** The posts waiting for `username`, oldest first. */
export function queuedPosts(username: string): QueuedPost[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(username)) ?? '[]');
    return Array.isArray(stored) ? (stored as QueuedPost[]) : [];
  } catch {
    return [];
  }
}

function store(username: string, posts: QueuedPost[]): void {
  if (posts.length) localStorage.setItem(storageKey(username), JSON.stringify(posts));
  else localStorage.removeItem(storageKey(username));
}

/**
 * Keeps `post` to send later when the browser is offline, and says so; answers whether it did
 * (false: online, or nobody signed in, for the caller to send it now).
 */
export function queueWhileOffline(post: QueuedPost): boolean {
  const { username } = useSession.getState();
  if (navigator.onLine || !username) return false;
  store(username, [...queuedPosts(username), post]);
  toast.success(OFFLINE_TEXTS.queued);
  return true;
}

let sending: Promise<number> | null = null;

/**
 * Sends the signed-in person's waiting posts one at a time, in order; each is removed once the
 * back end has it, so a failure part way keeps the rest (in order) for the next try. Answers how
 * many were sent. One run at a time: an `online` event during a run does not send a post twice.
 */
export function sendQueuedPosts(): Promise<number> {
  sending ??= sendInOrder().finally(() => {
    sending = null;
  });
  return sending;
}

async function sendInOrder(): Promise<number> {
  const { username } = useSession.getState();
  let sent = 0;
  try {
    while (username) {
      const [next] = queuedPosts(username);
      if (!next) break;
      postCreated((await compactApi.createPost(next)).post);
      store(username, queuedPosts(username).slice(1));
      sent += 1;
    }
  } catch {
    // Still offline, or the back end refused: what is left waits for the next `online`.
  }
  if (sent) toast.success(OFFLINE_TEXTS.sent(sent));
  return sent;
}

// What waits is sent when the browser comes back online, and now if this visit started online
// (the posts of an earlier visit that ended offline).
window.addEventListener('online', () => void sendQueuedPosts());
if (navigator.onLine) void sendQueuedPosts();
