/**
 * Live updates from a change, for a back end that has the data before and after it (the
 * in-browser one; the server's triggers say the same from its tables, migration 007): a new post, a
 * like count with who changed it, and the unread count of each person whose notifications changed.
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

/** What others hear of the change from `before` to `after` (rules never mutate: unchanged rows are the same objects). */
export function liveEventsOf(before: Database, after: Database): AddressedEvent[] {
  const events: AddressedEvent[] = [];
  const earlier = new Map(before.posts.map((post) => [post._id, post]));
  for (const post of after.posts) {
    const previous = earlier.get(post._id);
    if (!previous) {
      events.push({
        userId: null,
        event: { type: 'post', postId: post._id, author: post.username, ...(post.replyTo === undefined ? {} : { replyTo: post.replyTo }) },
      });
    } else if (previous.likes !== post.likes) {
      events.push(...likeEvents(previous, post));
    }
  }
  if (before.notifications !== after.notifications) {
    const lines = new Set(before.notifications ?? []);
    const touched = new Set<string>();
    for (const line of after.notifications ?? []) if (!lines.delete(line)) touched.add(line.userId);
    for (const gone of lines) touched.add(gone.userId);
    for (const userId of touched) events.push({ userId, event: { type: 'unread', unread: unreadCount(after, userId) } });
  }
  return events;
}
