/**
 * Tells the live stream which posts the page shows (`PUT /api/events/{streamId}/posts`): the server
 * sends other people's like counts only for those. The posts are those of the queries some component
 * on screen reads (the observed queries under ['posts'] and ['thread']), so no remote has to say
 * anything: a list shown is a list observed. They are sent LIVE.shownPostsDelayMs after the cache
 * last changed (scrolling through pages sends once), only when they differ from what the stream was
 * told, and at once whenever a stream connects: a new stream, on this instance or another, starts
 * with none.
 */
import { LIVE, type CompactPost, type PostPage, type ThreadResponse } from '@chirp/contracts';
import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import { apiBaseUrl, apiFetch, readToken } from '../api/api-client';
import { queryClient } from '../query/query-client';

/**
 * The first part of the query keys of lists of posts and of post pages (@chirp/queries' queryKeys
 * `posts` and `threads`): the kernel reads the cache for the posts shown, whoever defined the queries.
 */
const SHOWN_POST_KEYS = { lists: 'posts', threads: 'thread' } as const;

/**
 * After a call that got no answer or a server's failure, the posts are sent again this much later. A
 * refusal is not tried again: the stream ends with the session, and a new one is told its posts.
 */
const RETRY_MS = 5000;

const isShownKind = (query: Query) => query.queryKey[0] === SHOWN_POST_KEYS.lists || query.queryKey[0] === SHOWN_POST_KEYS.threads;

/**
 * The posts the page shows, at most LIVE.maxShownPosts: a post page's posts first, then each list
 * from its last loaded page up (a reader far down a long list reads what was loaded last).
 */
export function shownPostIds(client: QueryClient = queryClient): string[] {
  const threads: string[] = [];
  const lists: string[][] = [];
  for (const query of client.getQueryCache().getAll()) {
    if (!isShownKind(query) || query.getObserversCount() === 0 || query.state.data === undefined) continue;
    if (query.queryKey[0] === SHOWN_POST_KEYS.threads) {
      const { ancestors, post } = query.state.data as ThreadResponse;
      threads.push(post._id, ...ancestors.filter((entry): entry is CompactPost => !('deleted' in entry)).map((entry) => entry._id));
    } else {
      lists.push((query.state.data as InfiniteData<PostPage>).pages.slice().reverse().flatMap((page) => page.posts.map((post) => post._id)));
    }
  }
  const ids = new Set(threads);
  // The lists take turns, so one long list does not leave out a short one beside it.
  for (let index = 0; ids.size < LIVE.maxShownPosts && lists.some((list) => index < list.length); index += 1) {
    for (const list of lists) if (index < list.length) ids.add(list[index]!);
  }
  return [...ids].slice(0, LIVE.maxShownPosts);
}

export interface ShownPostsSync {
  /** A stream connected; it is told the posts at once. Without an id, the source hears every count anyway. */
  streamOpened(streamId: string | undefined): void;
  /** The stream was lost: nothing is sent until the next one connects. */
  streamLost(): void;
  stop(): void;
}

/** The call's status; 0: it did not get an answer. */
async function tell(streamId: string, postIds: string[]): Promise<number> {
  const token = readToken();
  if (!token) return 401;
  const response = await apiFetch(`${apiBaseUrl()}/api${LIVE.shownPostsPath(streamId)}`, {
    method: 'PUT',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ postIds }),
  });
  return response.status;
}

export function syncShownPosts({ delayMs = LIVE.shownPostsDelayMs, client = queryClient }: { delayMs?: number; client?: QueryClient } = {}): ShownPostsSync {
  let streamId: string | undefined;
  /** The posts the stream was last told of, sorted; null: none yet. */
  let told: string | null = null;
  let sending = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const later = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void send(), ms);
  };
  const send = async () => {
    if (streamId === undefined || sending) return;
    const postIds = shownPostIds(client);
    const key = [...postIds].sort().join(' ');
    if (key === told) return;
    const stream = streamId;
    sending = true;
    const status = await tell(stream, postIds).catch(() => 0);
    sending = false;
    if (stream !== streamId) return;
    if (status === 0 || status === 429 || status >= 500) return later(RETRY_MS);
    if (status >= 300) return;
    told = key;
    // What changed while the call was under way.
    void send();
  };

  const stopWatching = client.getQueryCache().subscribe((event) => {
    if (streamId !== undefined && isShownKind(event.query)) later(delayMs);
  });
  return {
    streamOpened(id) {
      streamId = id;
      told = null;
      later(0);
    },
    streamLost() {
      streamId = undefined;
      clearTimeout(timer);
    },
    stop() {
      streamId = undefined;
      clearTimeout(timer);
      stopWatching();
    },
  };
}
