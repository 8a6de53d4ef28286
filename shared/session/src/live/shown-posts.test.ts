import { LIVE, STORAGE_KEYS, type ThreadResponse } from '@chirp/contracts';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../api/api-client';
import type { InfiniteData } from '@tanstack/react-query';
import type { PostPage } from '@chirp/contracts';
import { queryClient } from '../query/query-client';
import { aCompactPost, aPostPage } from '../testing/fixtures';
import { createServerLiveSource } from './server-live-source';
import { syncShownPosts, type ShownPostsSync } from './shown-posts';

const DELAY_MS = 100;
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const posts = (...ids: string[]) => ids.map((_id) => aCompactPost({ _id }));

/** A list in the cache; `shown`: a component reads it (an observer, as useInfiniteQuery adds). */
/** Where a list of posts comes from, as @chirp/queries' keys name it (`['posts', source]`). */
type PostSource = { kind: string } & Record<string, string>;

function storeList(source: PostSource, pages: string[][], shown = true) {
  const queryKey = ['posts', source];
  queryClient.setQueryData<InfiniteData<PostPage>>(queryKey, { pages: pages.map((ids) => aPostPage(posts(...ids))), pageParams: pages.map(() => undefined) });
  if (shown) stops.push(new QueryObserver(queryClient, { queryKey, enabled: false }).subscribe(() => {}));
}

let stops: Array<() => void> = [];
let sent: Array<{ url: string; method?: string; authorization?: string; postIds: string[] }>;
let sync: ShownPostsSync | undefined;

beforeEach(() => {
  queryClient.clear();
  localStorage.setItem(STORAGE_KEYS.token, 'a-token');
  sent = [];
  configureApi({
    baseUrl: 'http://api.test',
    fetch: async (url, init) => {
      const headers = init?.headers as Record<string, string>;
      sent.push({ url: String(url), method: init?.method, authorization: headers.authorization, postIds: JSON.parse(String(init?.body)).postIds });
      return new Response(null, { status: 204 });
    },
  });
});
afterEach(() => {
  sync?.stop();
  stops.forEach((stop) => stop());
  stops = [];
  configureApi({ baseUrl: '', fetch: (...args) => globalThis.fetch(...args) });
  localStorage.clear();
});

describe('telling the live stream which posts the page shows', () => {
  it('sends the posts of the lists and post pages on screen, at once when the stream opens, with the token', async () => {
    storeList({ kind: 'feed', sort: 'latest' }, [['a', 'b'], ['c']]);
    storeList({ kind: 'user', username: 'ann' }, [['d']], false);
    const thread: ThreadResponse = { ancestors: [aCompactPost({ _id: 'parent' }), { _id: 'gone', deleted: true } as never], post: aCompactPost({ _id: 'shown' }) };
    queryClient.setQueryData(['thread', 'shown'], thread);
    stops.push(new QueryObserver(queryClient, { queryKey: ['thread', 'shown'], enabled: false }).subscribe(() => {}));

    sync = syncShownPosts({ delayMs: DELAY_MS });
    sync.streamOpened('stream-1');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ url: `http://api.test/api${LIVE.shownPostsPath('stream-1')}`, method: 'PUT', authorization: 'a-token' });
    // The post page first, then the list from its last loaded page up; not the list nobody shows.
    expect(sent[0]!.postIds).toEqual(['shown', 'parent', 'c', 'a', 'b']);
  });

  it('waits for the changes to stop, sends once, and only what differs from what the stream has', async () => {
    sync = syncShownPosts({ delayMs: DELAY_MS });
    sync.streamOpened('stream-1');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.postIds).toEqual([]);

    storeList({ kind: 'feed', sort: 'latest' }, [['a']]);
    await settle(DELAY_MS / 10);
    storeList({ kind: 'feed', sort: 'latest' }, [['a'], ['b']]);
    await settle(DELAY_MS / 10);
    storeList({ kind: 'feed', sort: 'latest' }, [['a'], ['b'], ['c']]);
    expect(sent).toHaveLength(1);
    await settle(DELAY_MS * 3);
    expect(sent.map((call) => call.postIds)).toEqual([[], ['c', 'b', 'a']]);

    // The same posts in another order, and a list nobody shows: nothing to tell.
    storeList({ kind: 'feed', sort: 'latest' }, [['c', 'b', 'a']]);
    storeList({ kind: 'liked', username: 'ann' }, [['z']], false);
    await settle(DELAY_MS * 3);
    expect(sent).toHaveLength(2);
  });

  it('tells a stream that comes back (a new stream id) the posts again, and nothing while there is none', async () => {
    storeList({ kind: 'feed', sort: 'latest' }, [['a', 'b']]);
    sync = syncShownPosts({ delayMs: DELAY_MS });
    sync.streamOpened('stream-1');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    sync.streamLost();
    storeList({ kind: 'feed', sort: 'latest' }, [['a', 'b', 'c']]);
    await settle(DELAY_MS * 3);
    expect(sent).toHaveLength(1);
    sync.streamOpened('stream-2');
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ url: `http://api.test/api${LIVE.shownPostsPath('stream-2')}`, postIds: ['a', 'b', 'c'] });
  });

  it(`names at most ${LIVE.maxShownPosts} posts, the lists taking turns`, async () => {
    const many = Array.from({ length: 300 }, (_, index) => `long-${index}`);
    storeList({ kind: 'feed', sort: 'latest' }, [many]);
    storeList({ kind: 'replies', postId: 'x' }, [['reply-1', 'reply-2']]);
    sync = syncShownPosts({ delayMs: DELAY_MS });
    sync.streamOpened('stream-1');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.postIds).toHaveLength(LIVE.maxShownPosts);
    expect(sent[0]!.postIds.slice(0, 4)).toEqual(['long-0', 'reply-1', 'long-1', 'reply-2']);
  });

  it('takes the stream id from the first message of the server’s stream', async () => {
    configureApi({
      baseUrl: 'http://api.test',
      fetch: async () => new Response(`retry: 500\nevent: ${LIVE.streamEvent}\ndata: {"streamId":"from-the-server"}\n\nid: 1\nevent: ready\ndata: {}\n\n`),
    });
    const connected = vi.fn();
    const stop = createServerLiveSource({ firstRetryMs: 1000, maxRetryMs: 1000 }).connect({ event: () => {}, connected, disconnected: () => {} });
    await vi.waitFor(() => expect(connected).toHaveBeenCalled());
    stop();
    expect(connected).toHaveBeenCalledWith('from-the-server');
  });
});
