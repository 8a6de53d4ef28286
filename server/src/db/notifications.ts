/**
 * Notifications in PostgreSQL, the same lines the rules keep in the in-browser back end
 * (`addNotifications` of @chirp/api-rules): an event joins the unread line of its group
 * (`notifications_open_group`) or starts one; a page is read newest first on (user_id, seq).
 */
import type { Notification, UserSummary } from '@chirp/contracts';
import {
  decodeNotificationCursor,
  encodeNotificationCursor,
  formatTimestamp,
  groupOf,
  NOTIFICATION_EXCERPT,
  parseTimestamp,
  mutedWordsApplyTo,
  silencedByMutedWords,
  type Moment,
  type NotificationEvent,
  LIMITS,
} from '@chirp/api-rules';
import { picturePath, type PictureNaming } from './compact';
import type { Queryable } from './sql';
import { hiddenAuthors } from './post-queries';
import { claimMentionNotifications, type Quotas } from '../quotas';

/**
 * Keeps the events of one change, in its transaction. Someone who does not exist, the actor,
 * whoever muted or blocked the actor or was blocked by them, and whoever muted a word the post holds
 * hear nothing; past the sender's mention quota (with `quotas`), the people mentioned hear nothing either.
 */
export async function recordNotices(q: Queryable, events: readonly NotificationEvent[], moment: Moment, quotas?: Quotas): Promise<void> {
  const { date, offsetMinutes } = parseTimestamp(moment.now);
  const heard = await withoutMutedWords(q, events);
  for (const event of quotas ? await withinMentionQuota(q, heard, quotas) : heard) {
    await q.query(
      `INSERT INTO notifications (id, user_id, kind, grp, post_id, actor_ids, updated_at, updated_offset)
       SELECT $1, u.id, $2, $3, $4::uuid, ARRAY[$5::uuid], $6, $7 FROM users u
         WHERE lower(u.username) = lower($8) AND u.id <> $5::uuid
           AND $5::uuid NOT IN (${hiddenAuthors('u.id')})
       ON CONFLICT (user_id, grp) WHERE NOT read DO UPDATE SET
         actor_ids = array_prepend($5::uuid, array_remove(notifications.actor_ids, $5::uuid)),
         updated_at = EXCLUDED.updated_at, updated_offset = EXCLUDED.updated_offset,
         seq = nextval('notifications_order')`,
      [moment.newId(), event.kind, groupOf(event), event.postId ?? null, event.actorId, date, offsetMinutes, event.to],
    );
  }
}

/**
 * The events, less those the recipient's muted words silence: two reads for the whole change (the
 * posts it names, and the muted words of the people it notifies who have any).
 */
async function withoutMutedWords(q: Queryable, events: readonly NotificationEvent[]): Promise<readonly NotificationEvent[]> {
  const worded = events.filter(mutedWordsApplyTo);
  if (worded.length === 0) return events;
  const people = await q.query<{ name: string; muted_words: string[] }>(
    'SELECT lower(username) AS name, muted_words FROM users WHERE lower(username) = ANY($1::text[]) AND cardinality(muted_words) > 0',
    [worded.map((event) => event.to.toLowerCase())],
  );
  if (people.rows.length === 0) return events;
  const mutedWords = new Map(people.rows.map((row) => [row.name, row.muted_words]));
  const posts = await q.query<{ id: string; content: string }>('SELECT id::text, content FROM posts WHERE id = ANY($1::uuid[])', [
    [...new Set(worded.map((event) => event.postId))],
  ]);
  const contents = new Map(posts.rows.map((row) => [row.id, row.content]));
  return events.filter(
    (event) => !silencedByMutedWords(event, contents.get(event.postId ?? ''), mutedWords.get(event.to.toLowerCase())),
  );
}

/**
 * The events, less the mentions past each sender's quota. Only the mentions that would reach someone
 * are claimed (an @name of nobody, or of the sender, costs nothing); the first ones named are kept.
 */
async function withinMentionQuota(q: Queryable, events: readonly NotificationEvent[], quotas: Quotas): Promise<NotificationEvent[]> {
  const mentions = events.filter((event) => event.kind === 'mention');
  const kept = new Set<NotificationEvent>();
  for (const senderId of new Set(mentions.map((event) => event.actorId))) {
    const named = mentions.filter((event) => event.actorId === senderId);
    const { rows } = await q.query<{ name: string }>(
      'SELECT lower(username) AS name FROM users WHERE lower(username) = ANY($1::text[]) AND id <> $2::uuid',
      [named.map((event) => event.to.toLowerCase()), senderId],
    );
    const existing = new Set(rows.map((row) => row.name));
    const reaching = named.filter((event) => existing.has(event.to.toLowerCase()));
    const granted = await claimMentionNotifications(q, senderId, reaching.length, quotas);
    for (const event of reaching.slice(0, granted)) kept.add(event);
  }
  return events.filter((event) => event.kind !== 'mention' || kept.has(event));
}

interface LineRow {
  id: string;
  kind: Notification['kind'];
  post_id: string | null;
  excerpt: string | null;
  read: boolean;
  updated_at: Date;
  updated_offset: number;
  seq: string;
  actor_count: number;
  actors: { id: string; username: string; first_name: string; last_name: string; picture: string | null; version: number }[];
}

/** A page of the user's lines, newest first: one index range, the three newest actors of each. */
export async function notificationPage(
  q: Queryable,
  userId: string,
  request: { limit: number; cursor?: string },
  naming: PictureNaming,
): Promise<{ notifications: Notification[]; nextCursor: string | null }> {
  const after = request.cursor === undefined ? null : decodeNotificationCursor(request.cursor);
  const { rows } = await q.query<LineRow>(
    `SELECT n.id::text, n.kind, n.post_id::text, left(p.content, ${NOTIFICATION_EXCERPT}) AS excerpt, n.read, n.updated_at,
        n.updated_offset, n.seq::text, cardinality(n.actor_ids) AS actor_count,
        ARRAY(
          SELECT json_build_object('id', u.id::text, 'username', u.username, 'first_name', u.first_name,
            'last_name', u.last_name,
            'picture', CASE WHEN octet_length(u.profile_pic) <= ${LIMITS.maxInlinePicture} THEN u.profile_pic END,
            'version', (extract(epoch FROM u.updated_at) * 1000)::bigint)
          FROM unnest(n.actor_ids[1:3]) WITH ORDINALITY AS a(id, position) JOIN users u ON u.id = a.id
          ORDER BY a.position
        ) AS actors
      FROM notifications n LEFT JOIN posts p ON p.id = n.post_id
      WHERE n.user_id = $1::uuid AND ($2::bigint IS NULL OR n.seq < $2::bigint)
      ORDER BY n.seq DESC LIMIT $3`,
    [userId, after, request.limit + 1],
  );
  const chosen = rows.slice(0, request.limit);
  const last = chosen[chosen.length - 1];
  return {
    notifications: chosen.map((row) => ({
      _id: row.id,
      kind: row.kind,
      actors: row.actors.map(
        (actor): UserSummary => ({
          _id: actor.id,
          username: actor.username,
          firstName: actor.first_name,
          lastName: actor.last_name,
          profilePic: actor.picture ?? `${naming.origin}${picturePath(actor.id, Number(actor.version))}`,
        }),
      ),
      actorCount: Number(row.actor_count),
      ...(row.post_id !== null && row.excerpt !== null ? { post: { _id: row.post_id, content: row.excerpt } } : {}),
      read: row.read,
      updatedAt: formatTimestamp(new Date(row.updated_at), row.updated_offset),
    })),
    nextCursor: rows.length > request.limit && last ? encodeNotificationCursor(Number(last.seq)) : null,
  };
}

export async function unreadNotifications(q: Queryable, userId: string): Promise<number> {
  const { rows } = await q.query<{ unread: number }>(
    'SELECT count(*)::int AS unread FROM notifications WHERE user_id = $1::uuid AND NOT read',
    [userId],
  );
  return rows[0]?.unread ?? 0;
}

export async function markNotificationsRead(q: Queryable, userId: string): Promise<void> {
  await q.query('UPDATE notifications SET read = true WHERE user_id = $1::uuid AND NOT read', [userId]);
}
