/**
 * Live updates: what a back end tells signed-in pages as it happens. The API server streams
 * them as Server-Sent Events (`GET /api/events`); the in-browser back end hands them to the page and,
 * through a BroadcastChannel, to the app's other tabs. The same events either way.
 */

/** Someone posted (a reply names the post it answers). */
export interface NewPostEvent {
  type: 'post';
  postId: string;
  /** The author's username. */
  author: string;
  replyTo?: string;
}

/**
 * Someone deleted a post (a reply names the post it answered): pages that show it take it away. Not
 * sent for each post of a deleted account: `authorGone` says it once for all of them.
 */
export interface GoneEvent {
  type: 'gone';
  postId: string;
  /** The author's username. */
  author: string;
  replyTo?: string;
}

/**
 * An account was deleted (`deleted`) or suspended: nobody is shown its posts any more, so pages that
 * show them take them away. Sent to the pages connected at that moment and kept nowhere (it is not
 * replayed): a deleted account leaves nothing behind.
 */
export interface AuthorGoneEvent {
  type: 'authorGone';
  authorId: string;
  /** The account's username. */
  author: string;
  deleted: boolean;
}

/** A post's like count changed, because `by` liked it (`liked`) or took the like back. */
export interface LikesEvent {
  type: 'likes';
  postId: string;
  likeCount: number;
  /** The id of the person whose reaction changed. */
  by: string;
  liked: boolean;
}

/** The number of unread notification lines of the signed-in person (only they hear it). */
export interface UnreadEvent {
  type: 'unread';
  unread: number;
}

/** Events were missed and cannot be replayed (the stream was gone too long): read everything again. */
export interface ResyncEvent {
  type: 'resync';
}

export type LiveEvent = NewPostEvent | GoneEvent | AuthorGoneEvent | LikesEvent | UnreadEvent | ResyncEvent;

export const LIVE = {
  /** Under /api. */
  path: '/events',
  /** A comment line this often keeps proxies from closing a quiet stream and shows a dead one. */
  heartbeatMs: 15_000,
  /** A stream silent this long (no event, no heartbeat) is taken for dead and opened again. */
  silenceMs: 40_000,
  /** Reconnection waits: the first, doubled each time up to the last, with jitter. */
  firstRetryMs: 500,
  maxRetryMs: 30_000,
  /**
   * The first message of every stream (event `stream`, data `{ streamId }`): the id the page names
   * when it says which posts it shows (`PUT /api/events/{streamId}/posts`). It carries no event id,
   * so it never changes where the stream comes back from.
   */
  streamEvent: 'stream',
  /** Under /api: where a stream is told which posts its page shows. */
  shownPostsPath: (streamId: string) => `/events/${encodeURIComponent(streamId)}/posts`,
  /** The most posts one stream can be told of: a page past it names the ones it loaded last. */
  maxShownPosts: 200,
  /** A like count of one post reaches one stream at most this often (the latest count wins). */
  likesEveryMs: 1000,
  /** The page waits this long after its posts change before it names them (scrolling sends once). */
  shownPostsDelayMs: 250,
} as const;

/** The body of `PUT /api/events/{streamId}/posts`: every post the page shows now (none: an empty list). */
export interface ShownPosts {
  postIds: string[];
}

/** Texts of the refusals of `PUT /api/events/{streamId}/posts`, the same from every back end. */
export const SHOWN_POSTS_ERRORS = {
  badBody: `Send { "postIds": [...] }: the ids of the posts the page shows, at most ${LIVE.maxShownPosts}.`,
  tooMany: `A stream can follow at most ${LIVE.maxShownPosts} posts.`,
  badId: 'Every entry of postIds must be a post id.',
  unknownStream: 'There is no such live stream of yours: it has ended. Open the stream again and send its new id.',
} as const;

/** Post ids are UUIDs, whichever back end made them. */
const POST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The post ids of a `ShownPosts` body (duplicates dropped, in lower case), or the text of its refusal. */
export function readShownPosts(body: unknown): { postIds: string[] } | { error: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !Array.isArray((body as { postIds?: unknown }).postIds)) {
    return { error: SHOWN_POSTS_ERRORS.badBody };
  }
  const given = (body as { postIds: unknown[] }).postIds;
  if (given.length > LIVE.maxShownPosts) return { error: SHOWN_POSTS_ERRORS.tooMany };
  if (!given.every((id): id is string => typeof id === 'string' && POST_ID.test(id))) return { error: SHOWN_POSTS_ERRORS.badId };
  return { postIds: [...new Set(given.map((id) => id.toLowerCase()))] };
}

/** The first message of a stream, with the reconnection wait the client starts from. */
export const formatStreamOpened = (streamId: string, retryMs: number): string =>
  `retry: ${retryMs}\nevent: ${LIVE.streamEvent}\ndata: ${JSON.stringify({ streamId })}\n\n`;

/** The stream id a `stream` message names, or undefined for any other message. */
export function streamIdOf(message: ServerSentMessage): string | undefined {
  if (message.event !== LIVE.streamEvent) return undefined;
  try {
    const { streamId } = JSON.parse(message.data) as { streamId?: unknown };
    return isText(streamId) ? streamId : undefined;
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** An event as it came off the wire, or null when it is not one this version knows. */
export function readLiveEvent(type: string, data: unknown): LiveEvent | null {
  if (!isObject(data)) return null;
  switch (type) {
    case 'post':
    case 'gone':
      return isText(data.postId) && isText(data.author) && (data.replyTo === undefined || data.replyTo === null || isText(data.replyTo))
        ? { type, postId: data.postId, author: data.author, ...(isText(data.replyTo) ? { replyTo: data.replyTo } : {}) }
        : null;
    case 'authorGone':
      return isText(data.authorId) && isText(data.author) && typeof data.deleted === 'boolean'
        ? { type, authorId: data.authorId, author: data.author, deleted: data.deleted }
        : null;
    case 'likes':
      return isText(data.postId) && isCount(data.likeCount) && isText(data.by) && typeof data.liked === 'boolean'
        ? { type, postId: data.postId, likeCount: data.likeCount, by: data.by, liked: data.liked }
        : null;
    case 'unread':
      return isCount(data.unread) ? { type, unread: data.unread } : null;
    case 'resync':
      return { type };
    default:
      return null;
  }
}

/** One event in the Server-Sent Events format. */
export function formatServerSentEvent(id: string | undefined, event: LiveEvent): string {
  const { type, ...data } = event;
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A message of a Server-Sent Events stream, as the HTML standard reads one. */
export interface ServerSentMessage {
  id?: string;
  event: string;
  data: string;
}

/**
 * Reads a Server-Sent Events stream chunk by chunk (lines may be split anywhere between chunks):
 * `push` answers the messages the chunk completed. Comments (heartbeats) complete nothing.
 */
export function serverSentEventReader(): { push(chunk: string): ServerSentMessage[] } {
  let pending = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  let started = false;
  return {
    push(chunk) {
      const messages: ServerSentMessage[] = [];
      pending += chunk;
      const lines = pending.split(/\r\n|\r|\n/);
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') {
          if (started) messages.push({ ...(id === undefined ? {} : { id }), event: event || 'message', data: data.join('\n') });
          event = '';
          data = [];
          id = undefined;
          started = false;
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        started = true;
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id' && !value.includes('\0')) id = value;
      }
      return messages;
    },
  };
}
