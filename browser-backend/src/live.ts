/**
 * Live updates of the in-browser back end: the events of this page's changes and, through
 * the BroadcastChannel the tabs already share (server.ts), of the other tabs' changes, handed to the
 * page as the API server's stream would hand them. An unread count goes only to the person it is for.
 *
 * Each connection has a stream id, as a server stream has, and `PUT /api/events/{streamId}/posts`
 * is answered as the server answers it; but every connection still hears every like count: in the
 * page, an event costs no network, and the server's reason to hold them back is not there.
 */
import type { AddressedEvent } from '@chirp/api-rules';
import { readShownPosts, SHOWN_POSTS_ERRORS, STORAGE_KEYS } from '@chirp/contracts';
import { readClaims, type LiveHandlers, type LiveSource } from '@chirp/session';
import type { Backend } from './backend';
import { authenticate, runRoute, type ApiCall, type ApiReply } from './http';
import { refuse } from '@chirp/api-rules';

export interface MirageLive extends LiveSource {
  /** Hands the events to every connected page of this tab. */
  emit(events: readonly AddressedEvent[]): void;
  /** The posts a connection's page shows; false when `streamId` is no connection of `userId`'s. */
  showPosts(userId: string, streamId: string, postIds: readonly string[]): boolean;
  /** What each connection's page said it shows, by stream id (for tests). */
  shownPosts(): ReadonlyMap<string, readonly string[]>;
}

const signedInId = (): string | null => {
  try {
    const token = globalThis.localStorage?.getItem(STORAGE_KEYS.token);
    return token ? (readClaims(token)?._id ?? null) : null;
  } catch {
    return null;
  }
};

interface Connection {
  handlers: LiveHandlers;
  userId: string | null;
  postIds: readonly string[];
}

export function createMirageLive(): MirageLive {
  const connected = new Map<string, Connection>();
  return {
    connect(handlers) {
      const streamId = crypto.randomUUID();
      connected.set(streamId, { handlers, userId: signedInId(), postIds: [] });
      handlers.connected(streamId);
      return () => connected.delete(streamId);
    },
    emit(events) {
      if (connected.size === 0 || events.length === 0) return;
      const me = signedInId();
      for (const { userId, event } of events) {
        if (userId !== null && userId !== me) continue;
        connected.forEach(({ handlers }) => handlers.event(event));
      }
    },
    showPosts(userId, streamId, postIds) {
      const connection = connected.get(streamId);
      if (!connection || connection.userId !== userId) return false;
      connection.postIds = postIds;
      return true;
    },
    shownPosts: () => new Map([...connected].map(([streamId, { postIds }]) => [streamId, postIds])),
  };
}

/** `PUT /api/events/{streamId}/posts`, with the server's refusals, in the same order. */
export function shownPostsRoute(live: MirageLive): (call: ApiCall, backend: Backend) => Promise<ApiReply> {
  return (call, backend) =>
    runRoute(
      async () => {
        const claims = await authenticate(call, backend);
        let body: unknown;
        try {
          body = JSON.parse(call.body ?? '');
        } catch {
          body = undefined;
        }
        const read = readShownPosts(body);
        if ('error' in read) return refuse(400, read.error);
        if (!live.showPosts(claims._id, call.params.streamId!, read.postIds)) return refuse(404, SHOWN_POSTS_ERRORS.unknownStream);
        return { status: 204, body: null };
      },
      call,
      backend,
    );
}

/** The events of a message from another tab (an older tab sends none). */
export function eventsOfMessage(data: unknown): AddressedEvent[] {
  const events = (data as { events?: unknown } | null)?.events;
  return Array.isArray(events) ? (events as AddressedEvent[]) : [];
}
