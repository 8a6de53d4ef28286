/**
 * Notifications: who liked or reposted your post, followed you, replied to you, mentioned you, quoted
 * your post. A change
 * says which events it causes (`NotificationEvent`, from its rule's outcome); each back end keeps them
 * in the same change: the in-browser one with `addNotifications` below, the server with one upsert per
 * event (server/src/db/notifications.ts). Likes of one post, its reposts, and follows gather in one line
 * while it is unread; your own actions never notify you.
 */
import { mentionsIn, mutedWordIn, type Notification, type NotificationKind } from '@chirp/contracts';
import { findPost, findUserById, refuse, type Database, type Moment, type StoredNotification, type StoredUser } from './database';
import { DECIDED_ERRORS, LIMITS } from './decisions';
import { decodeBase64Url, encodeBase64Url } from './paging';
import { hiddenFrom } from './safety-rules';
import { toCard, type Viewer } from './compact';

export interface NotificationEvent {
  kind: NotificationKind;
  /** Who is notified, by username in any case (a mention names people as they were typed). */
  to: string;
  actorId: string;
  postId?: string;
}

/** The line an event joins while that line is unread. */
export function groupOf(event: Pick<NotificationEvent, 'kind' | 'postId'>): string {
  return event.kind === 'follow' ? 'follow' : `${event.kind}:${event.postId ?? ''}`;
}

/** A like of the post `postId`. */
export function likeEvents(db: Database, caller: StoredUser, postId: string): NotificationEvent[] {
  return [{ kind: 'like', to: findPost(db, postId).username, actorId: caller._id, postId }];
}

/**
 * A repost of the post `postId`, when the caller's repost is the one this change made (at `moment`):
 * asking again for a repost one already has changes nothing, so it tells nobody anything twice.
 */
export function repostEvents(db: Database, caller: StoredUser, postId: string, moment: Moment): NotificationEvent[] {
  const post = findPost(db, postId);
  const made = (post.reposts ?? []).some((entry) => entry.userId === caller._id && entry.at === moment.now);
  return made ? [{ kind: 'repost', to: post.username, actorId: caller._id, postId }] : [];
}

export function followEvents(db: Database, caller: StoredUser, userId: string): NotificationEvent[] {
  return [{ kind: 'follow', to: findUserById(db, userId).username, actorId: caller._id }];
}

/**
 * A new post: its author's parent hears of the reply; the author of the post it quotes hears of the
 * quote (unless they already hear of the reply); the people it mentions (at most
 * `LIMITS.maxMentionsNotified`, neither of those twice) hear of the mention. Each names the new post.
 */
export function newPostEvents(db: Database, caller: StoredUser, postId: string): NotificationEvent[] {
  const post = findPost(db, postId);
  const parent = post.replyTo === undefined ? undefined : db.posts.find((entry) => entry._id === post.replyTo);
  const quoted = post.quoteOf === undefined ? undefined : db.posts.find((entry) => entry._id === post.quoteOf);
  const events: NotificationEvent[] = parent ? [{ kind: 'reply', to: parent.username, actorId: caller._id, postId }] : [];
  const repliedTo = parent?.username.toLowerCase();
  const quotedAuthor = quoted?.username.toLowerCase();
  if (quoted && quotedAuthor !== repliedTo) events.push({ kind: 'quote', to: quoted.username, actorId: caller._id, postId });
  const told = new Set([repliedTo, quotedAuthor, caller.username.toLowerCase()]);
  const mentioned = mentionsIn(post.content).filter((name) => !told.has(name));
  for (const name of mentioned.slice(0, LIMITS.maxMentionsNotified)) events.push({ kind: 'mention', to: name, actorId: caller._id, postId });
  return events;
}

/** The kinds whose post someone else wrote: a reply to you, a mention of you, a quote of your post. */
const ABOUT_OTHERS_POST: ReadonlySet<NotificationKind> = new Set(['reply', 'mention', 'quote']);

/** Whether the recipient's muted words may silence the event: it is about a post someone else wrote. */
export const mutedWordsApplyTo = (event: Pick<NotificationEvent, 'kind' | 'postId'>) => event.postId !== undefined && ABOUT_OTHERS_POST.has(event.kind);

/**
 * Whether the recipient's muted words silence the event: a reply, mention or quote whose post holds
 * one of them notifies nobody, as the post is folded away in their lists. A like or a repost is of
 * their own post, which their muted words never touch.
 */
export const silencedByMutedWords = (
  event: Pick<NotificationEvent, 'kind' | 'postId'>,
  content: string | undefined,
  mutedWords: readonly string[] | undefined,
) => mutedWordsApplyTo(event) && content !== undefined && mutedWordIn(content, mutedWords ?? []) !== undefined;

/**
 * The events as lines of `db.notifications`: a new line, or an unread one of its group gaining the actor.
 * Whoever muted or blocked the actor, or was blocked by them, hears nothing (as nobody hears their
 * own), and neither does someone whose muted words the post holds.
 */
export function addNotifications(db: Database, events: readonly NotificationEvent[], moment: Moment): Database {
  if (events.length === 0) return db;
  let list = db.notifications ?? [];
  let seq = list.reduce((last, entry) => Math.max(last, entry.seq), 0);
  for (const event of events) {
    const name = event.to.toLowerCase();
    const user = db.users.find((entry) => entry.username.toLowerCase() === name);
    if (!user || user._id === event.actorId || hiddenFrom(db, user).has(event.actorId)) continue;
    const post = event.postId === undefined ? undefined : db.posts.find((entry) => entry._id === event.postId);
    if (silencedByMutedWords(event, post?.content, user.mutedWords)) continue;
    const group = groupOf(event);
    const open = list.find((entry) => entry.userId === user._id && entry.group === group && !entry.read);
    seq += 1;
    if (open) {
      const actorIds = [event.actorId, ...open.actorIds.filter((id) => id !== event.actorId)];
      list = list.map((entry) => (entry === open ? { ...open, actorIds, updatedAt: moment.now, seq } : entry));
    } else {
      const line: StoredNotification = {
        _id: moment.newId(),
        userId: user._id,
        kind: event.kind,
        group,
        ...(event.postId === undefined ? {} : { postId: event.postId }),
        actorIds: [event.actorId],
        read: false,
        updatedAt: moment.now,
        seq,
      };
      list = [...list, line];
    }
  }
  return { ...db, notifications: list };
}

/** Every line of the user's notifications is read. */
export function markNotificationsRead(db: Database, userId: string): Database {
  const list = db.notifications ?? [];
  if (!list.some((entry) => entry.userId === userId && !entry.read)) return db;
  return { ...db, notifications: list.map((entry) => (entry.userId === userId && !entry.read ? { ...entry, read: true } : entry)) };
}

export const unreadCount = (db: Database, userId: string) =>
  (db.notifications ?? []).reduce((count, entry) => count + (entry.userId === userId && !entry.read ? 1 : 0), 0);

/** How much of a post a notification quotes. */
export const NOTIFICATION_EXCERPT = 140;
export const excerpt = (content: string) => [...content].slice(0, NOTIFICATION_EXCERPT).join('');

/** A line as the API answers it: the three newest actors, how many in all, the post quoted. */
export function toNotification(db: Database, line: StoredNotification, viewer: Viewer): Notification {
  const actors = line.actorIds.flatMap((id) => {
    const user = db.users.find((entry) => entry._id === id);
    return user ? [user] : [];
  });
  const post = line.postId === undefined ? undefined : db.posts.find((entry) => entry._id === line.postId);
  return {
    _id: line._id,
    kind: line.kind,
    actors: actors.slice(0, 3).map((user) => toCard(user, viewer)),
    actorCount: actors.length,
    ...(post ? { post: { _id: post._id, content: excerpt(post.content) } } : {}),
    read: line.read,
    updatedAt: line.updatedAt,
  };
}

export function encodeNotificationCursor(seq: number): string {
  return encodeBase64Url(JSON.stringify({ notifications: seq }));
}

/** The line a page starts after; anything this code did not make is refused. */
export function decodeNotificationCursor(cursor: string): number {
  try {
    const parsed: unknown = JSON.parse(decodeBase64Url(cursor));
    const seq = (parsed as { notifications?: unknown }).notifications;
    if (Object.keys(parsed as object).length === 1 && Number.isSafeInteger(seq) && (seq as number) >= 0) return seq as number;
  } catch {
    // falls through to the refusal
  }
  return refuse(400, DECIDED_ERRORS.badCursor);
}

/** The user's lines after the cursor, newest first, at most `limit`, and the cursor of the next page. */
export function pageNotifications(
  db: Database,
  userId: string,
  request: { limit: number; cursor?: string },
): { lines: StoredNotification[]; nextCursor: string | null } {
  const after = request.cursor === undefined ? undefined : decodeNotificationCursor(request.cursor);
  const ordered = (db.notifications ?? [])
    .filter((entry) => entry.userId === userId && (after === undefined || entry.seq < after))
    .sort((a, b) => b.seq - a.seq);
  const lines = ordered.slice(0, request.limit);
  const last = lines[lines.length - 1];
  return { lines, nextCursor: ordered.length > request.limit && last ? encodeNotificationCursor(last.seq) : null };
}
