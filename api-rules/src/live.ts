/**
 * Live updates from a change, for a back end that has the data before and after it (the
 * in-browser one; the server's triggers and its account changes say the same, migrations 007, 022
 * and 024): a new post, a deleted one, an account deleted or suspended, a like count with who
 * changed it, and the unread count of each person whose notifications changed.
 */
import type { LiveEvent } from '@chirp/contracts';
import type { Database, StoredPost } from './database';
import { unreadCount } from './notifications';

export interface AddressedEvent {
  /** Only this person hears it; null: everyone signed in. */
  userId: string | null;
  event: LiveEvent;
}

function likeEvents(before: StoredPost, after: StoredPost): AddressedEvent[] {
  const was = new Set(before.likes.likedBy);
  const is = new Set(after.likes.likedBy);
  const changed = [...after.likes.likedBy.filter((id) => !was.has(id)), ...before.likes.likedBy.filter((id) => !is.has(id))];
  return changed.map((by) => ({
    userId: null,
    event: { type: 'likes', postId: after._id, likeCount: after.likes.likeCount, by, liked: is.has(by) },
  }));
}

/**
 * The posts of `before` that `after` no longer has, each announced as gone; not those of an account
 * deleted with them (`authorGoneEvents` says it once for all of them, as the server does).
 */
function goneEvents(earlier: Map<string, StoredPost>, after: Database): AddressedEvent[] {
  const kept = new Set(after.posts.map((post) => post._id));
  const authors = new Set(after.users.map((user) => user.username));
  return [...earlier.values()]
    .filter((post) => !kept.has(post._id) && authors.has(post.username))
    .map((post) => postEvent('gone', post));
}

/** The accounts the change deleted or suspended: nobody is shown their posts any more. */
function authorGoneEvents(before: Database, after: Database): AddressedEvent[] {
  if (before.users === after.users) return [];
  const now = new Map(after.users.map((user) => [user._id, user]));
  return before.users.flatMap((user): AddressedEvent[] => {
    const kept = now.get(user._id);
    if (kept && (user.suspended || !kept.suspended)) return [];
    return [{ userId: null, event: { type: 'authorGone', authorId: user._id, author: user.username, deleted: !kept } }];
  });
}

/** A post made or deleted, for everyone signed in (a reply names its post). */
const postEvent = (type: 'post' | 'gone', post: StoredPost): AddressedEvent => ({
  userId: null,
  event: { type, postId: post._id, author: post.username, ...(post.replyTo === undefined ? {} : { replyTo: post.replyTo }) },
});

/** What others hear of the change from `before` to `after` (rules never mutate: unchanged rows are the same objects). */
export function liveEventsOf(before: Database, after: Database): AddressedEvent[] {
  const events: AddressedEvent[] = [];
  const earlier = new Map(before.posts.map((post) => [post._id, post]));
  let stayed = 0;
  for (const post of after.posts) {
    const previous = earlier.get(post._id);
    if (!previous) {
      events.push(postEvent('post', post));
    } else {
      stayed += 1;
      if (previous.likes !== post.likes) events.push(...likeEvents(previous, post));
    }
  }
  if (stayed < earlier.size) events.push(...goneEvents(earlier, after));
  events.push(...authorGoneEvents(before, after));
  if (before.notifications !== after.notifications) {
    const lines = new Set(before.notifications ?? []);
    const touched = new Set<string>();
    for (const line of after.notifications ?? []) if (!lines.delete(line)) touched.add(line.userId);
    for (const gone of lines) touched.add(gone.userId);
    for (const userId of touched) events.push({ userId, event: { type: 'unread', unread: unreadCount(after, userId) } });
  }
  return events;
}
