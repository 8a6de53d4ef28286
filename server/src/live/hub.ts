/**
 * Live updates on one server instance: the database announces every event (migration 007:
 * triggers write a `live_events` row and NOTIFY it in the change's transaction), each instance LISTENs
 * and hands each event to its connected clients. A post made through one instance reaches the clients
 * of every other, with PostgreSQL as the only broker. The rows let a client that was away catch up.
 */
import { readLiveEvent, type LiveEvent } from '@chirp/contracts';
import type { Sql } from '../db/sql';

/** An event with its place in the database's order. */
export interface StoredEvent {
  /** `live_events.seq`, as text: the stream's event id. */
  id: string;
  /** Only this person hears it; null: everyone signed in. */
  userId: string | null;
  event: LiveEvent;
  /**
   * A notice (migration 024): its id is its own, but no row holds it, so it is never replayed and a
   * page is sent it without an id (one it came back with would not be found).
   */
  transient?: true;
}

/** One connected stream. */
export interface LiveClient {
  userId: string;
  /** What the page names when it says which posts it shows (stream-ids.ts). */
  streamId: string;
  deliver(event: StoredEvent): void;
  /** The posts whose like counts it hears from now on (`showPosts`), as a set. */
  showing(postIds: ReadonlySet<string>): void;
  /** A comment line that keeps the stream open. */
  heartbeat(): void;
}

export interface LiveHub {
  /**
   * Hands `client` every event from now on, until the answered function is called — except other
   * people's likes, which it hears only for the posts its page shows (`showPosts`; until the page
   * first names them, it hears them all, for the stream to keep until it knows which it wants).
   */
  subscribe(client: LiveClient): () => void;
  /**
   * The posts the page of stream `streamId` (of `userId`) shows: from now on it hears their like
   * counts, in place of the posts it was told of before. A stream on another instance is told
   * through the database.
   */
  showPosts(userId: string, streamId: string, postIds: readonly string[]): Promise<void>;
  /**
   * The events after `lastId` that `userId` may hear, oldest first, for a client that comes back.
   * Null when they cannot all be given (too old, too many, or an id this database never gave): the
   * client must read everything again.
   */
  replay(lastId: string, userId: string): Promise<StoredEvent[] | null>;
  /** The newest event's id ('0' before any): where a new client starts. */
  latestId(): Promise<string>;
  /** Streams connected now, in all and for one person. */
  connections(userId?: string): number;
  close(): Promise<void>;
}

export interface HubOptions {
  /** How long events are kept for clients that come back. */
  keepMs?: number;
  heartbeatMs: number;
}

/** At most this many events are replayed; a client further behind reads everything again. */
const MAX_REPLAY = 1000;
/**
 * Ids follow the order events were written, their notifications the order changes committed; a
 * change that commits later than one written after it is found by looking this far back before the
 * last event a client had (clients and the hub drop what they already had, by id).
 */
const COMMIT_WINDOW = "interval '2 seconds'";
const RECENT_IDS = 10_000;
/**
 * A page names a post some time after it shows it (LIVE.shownPostsDelayMs, then the call's way), and
 * a like can come in between: the latest count of each post liked this recently is kept, and a stream
 * whose page names the post afterwards is given it then. At most RECENT_LIKES posts are kept.
 */
const RECENT_LIKES_MS = 10_000;
const RECENT_LIKES = 10_000;

interface EventRow {
  seq: string;
  user_id: string | null;
  type: string;
  body: unknown;
}

const toStored = (row: EventRow): StoredEvent | null => {
  const event = readLiveEvent(row.type, row.body);
  return event && { id: row.seq, userId: row.user_id, event };
};

/** The schema's channel, as the trigger names it: 'chirp_live_' || current_schema(). */
async function channelOf(sql: Sql): Promise<string> {
  const { rows } = await sql.query<{ schema: string }>('SELECT current_schema() AS schema');
  return `chirp_live_${rows[0]!.schema}`;
}

/** A stream's posts, told to the instance that holds it by the one the page's call reached. */
interface ForwardedPosts {
  streamPosts: { streamId: string; userId: string; postIds: string };
}

const addTo = <K, V>(index: Map<K, Set<V>>, key: K, value: V) => {
  const set = index.get(key);
  if (set) set.add(value);
  else index.set(key, new Set([value]));
};
const removeFrom = <K, V>(index: Map<K, Set<V>>, key: K, value: V) => {
  const set = index.get(key);
  if (set?.delete(value) && set.size === 0) index.delete(key);
};

export async function startLiveHub(sql: Sql, options: HubOptions): Promise<LiveHub> {
  const clients = new Set<LiveClient>();
  const recent = new Set<string>();
  let newest = 0n;
  let started = false;
  // A like goes to the streams of the person who liked and to those whose page shows the post:
  // with indexes, a like costs the streams that hear it, not every stream the instance holds.
  const byUser = new Map<string, Set<LiveClient>>();
  const byStream = new Map<string, LiveClient>();
  const watchers = new Map<string, Set<LiveClient>>();
  const shown = new Map<LiveClient, Set<string>>();
  const awaiting = new Set<LiveClient>();
  /** The latest count of each post liked in the last RECENT_LIKES_MS, oldest first. */
  const recentLikes = new Map<string, { stored: StoredEvent; at: number }>();
  const channel = await channelOf(sql);

  const dispatch = (stored: StoredEvent) => {
    if (recent.has(stored.id)) return;
    recent.add(stored.id);
    if (recent.size > RECENT_IDS) recent.delete(recent.values().next().value!);
    // Where a catch-up reads from: a row of the table.
    if (!stored.transient && BigInt(stored.id) > newest) newest = BigInt(stored.id);
    const { event } = stored;
    if (stored.userId !== null) {
      byUser.get(stored.userId)?.forEach((client) => client.deliver(stored));
    } else if (event.type === 'likes') {
      const now = Date.now();
      recentLikes.delete(event.postId);
      recentLikes.set(event.postId, { stored, at: now });
      for (const [postId, { at }] of recentLikes) {
        if (recentLikes.size <= RECENT_LIKES && at >= now - RECENT_LIKES_MS) break;
        recentLikes.delete(postId);
      }
      byUser.get(event.by)?.forEach((client) => client.deliver(stored));
      for (const client of watchers.get(event.postId) ?? []) if (client.userId !== event.by) client.deliver(stored);
      for (const client of awaiting) if (client.userId !== event.by) client.deliver(stored);
    } else {
      clients.forEach((client) => client.deliver(stored));
    }
  };

  const watch = (client: LiveClient, postIds: readonly string[]) => {
    awaiting.delete(client);
    const before = shown.get(client) ?? new Set<string>();
    const after = new Set(postIds);
    for (const postId of before) if (!after.has(postId)) removeFrom(watchers, postId, client);
    for (const postId of after) if (!before.has(postId)) addTo(watchers, postId, client);
    shown.set(client, after);
    client.showing(after);
    const since = Date.now() - RECENT_LIKES_MS;
    for (const postId of after) {
      const recent = before.has(postId) ? undefined : recentLikes.get(postId);
      if (recent && recent.at >= since && recent.stored.event.type === 'likes' && recent.stored.event.by !== client.userId) client.deliver(recent.stored);
    }
  };

  const showHere = (userId: string, streamId: string, postIds: readonly string[]) => {
    const client = byStream.get(streamId);
    if (!client || client.userId !== userId) return false;
    watch(client, postIds);
    return true;
  };

  const readAfter = async (lastId: string, userId: string | null) => {
    const { rows } = await sql.query<EventRow>(
      `SELECT seq::text, user_id::text, type, body FROM live_events
        WHERE (seq > $1::bigint OR created_at >= (SELECT created_at FROM live_events WHERE seq = $1::bigint) - ${COMMIT_WINDOW})
          AND seq <> $1::bigint AND ($2::uuid IS NULL OR user_id IS NULL OR user_id = $2::uuid)
        ORDER BY seq LIMIT ${MAX_REPLAY + 1}`,
      [lastId, userId],
    );
    return rows;
  };

  // After a lost connection to the database, what was announced meanwhile is read from the table.
  const catchUp = async () => {
    if (newest === 0n) return;
    const rows = await readAfter(String(newest), null);
    for (const row of rows) {
      const stored = toStored(row);
      if (stored) dispatch(stored);
    }
  };

  const stopListening = await sql.listen(channel, {
    message(payload) {
      try {
        const message = JSON.parse(payload) as Partial<ForwardedPosts> & {
          seq: number;
          userId: string | null;
          type: string;
          body: unknown;
          transient?: boolean;
        };
        if (message.streamPosts) {
          const { userId, streamId, postIds } = message.streamPosts;
          showHere(userId, streamId, postIds === '' ? [] : postIds.split(' '));
          return;
        }
        const { seq, userId, type, body, transient } = message;
        const stored = toStored({ seq: String(seq), user_id: userId, type, body });
        if (stored) dispatch(transient ? { ...stored, transient: true } : stored);
      } catch (error) {
        console.warn('A live event could not be read:', error);
      }
    },
    listening() {
      if (started) catchUp().catch((error: unknown) => console.warn('Live events missed while reconnecting could not be read:', error));
      started = true;
    },
  });

  const heartbeats = setInterval(() => clients.forEach((client) => client.heartbeat()), options.heartbeatMs);
  heartbeats.unref();
  const keepMs = options.keepMs ?? 60 * 60_000;
  // The newest row stays, so a client's last id is always found while it is the latest.
  const sweep = () =>
    sql
      .query(
        `DELETE FROM live_events WHERE created_at < now() - make_interval(secs => $1::double precision / 1000)
           AND seq < (SELECT max(seq) FROM live_events)`,
        [keepMs],
      )
      .catch((error: unknown) => console.warn('Old live events could not be removed:', error));
  const sweeper = setInterval(sweep, Math.min(keepMs, 5 * 60_000));
  sweeper.unref();

  return {
    subscribe(client) {
      clients.add(client);
      addTo(byUser, client.userId, client);
      byStream.set(client.streamId, client);
      awaiting.add(client);
      return () => {
        clients.delete(client);
        removeFrom(byUser, client.userId, client);
        byStream.delete(client.streamId);
        awaiting.delete(client);
        for (const postId of shown.get(client) ?? []) removeFrom(watchers, postId, client);
        shown.delete(client);
      };
    },
    async showPosts(userId, streamId, postIds) {
      if (showHere(userId, streamId, postIds)) return;
      // A NOTIFY payload must stay under 8,000 bytes: LIVE.maxShownPosts (200) ids of 36 characters
      // and a space each, with the stream's and the person's ids, come to about 7,500.
      const forwarded: ForwardedPosts = { streamPosts: { streamId, userId, postIds: postIds.join(' ') } };
      await sql.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(forwarded)]);
    },
    async replay(lastId, userId) {
      if (!/^\d{1,18}$/.test(lastId)) return null;
      if (lastId !== '0') {
        const { rows } = await sql.query('SELECT 1 FROM live_events WHERE seq = $1::bigint', [lastId]);
        if (rows.length === 0) return null;
      }
      const rows = await readAfter(lastId, userId);
      if (rows.length > MAX_REPLAY) return null;
      return rows.map(toStored).filter((stored): stored is StoredEvent => stored !== null);
    },
    async latestId() {
      const { rows } = await sql.query<{ seq: string | null }>('SELECT max(seq)::text AS seq FROM live_events');
      return rows[0]?.seq ?? '0';
    },
    connections(userId) {
      return userId === undefined ? clients.size : (byUser.get(userId)?.size ?? 0);
    },
    async close() {
      clearInterval(heartbeats);
      clearInterval(sweeper);
      clients.clear();
      byUser.clear();
      byStream.clear();
      watchers.clear();
      shown.clear();
      awaiting.clear();
      recentLikes.clear();
      // A database already closed has stopped listening with it.
      await stopListening().catch(() => undefined);
    },
  };
}
