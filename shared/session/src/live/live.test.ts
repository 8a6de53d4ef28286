import { formatServerSentEvent, STORAGE_KEYS, type LiveEvent } from '@chirp/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compactApi, configureApi, onSessionRejected } from '../api/api-client';
import { queryKeys, type PostSource } from '../query/keys';
import type { PostPages } from '../query/post-queries';
import { queryClient } from '../query/query-client';
import { useSession } from '../store/session-store';
import { aCompactPost, aPostPage, aProfile } from '../testing/fixtures';
import { applyLiveEvent, useLiveUpdates } from './live-updates';
import { configureLive, type LiveHandlers } from './live-source';
import { onRecoveryChance } from '../query/recovery';
import { renderHook } from '@testing-library/react';
import { createServerLiveSource } from './server-live-source';

const latest: PostSource = { kind: 'feed', sort: 'latest' };
const me = aProfile({ _id: 'me-id', username: 'me' });

function storeFeed(...posts: ReturnType<typeof aCompactPost>[]) {
  queryClient.setQueryData<PostPages>(queryKeys.postList(latest), { pages: [aPostPage(posts, 'next')], pageParams: [undefined] });
}
const feedPosts = () => queryClient.getQueryData<PostPages>(queryKeys.postList(latest))!.pages.flatMap((page) => page.posts);

beforeEach(() => {
  queryClient.clear();
  useSession.getState().sessionReset();
  useSession.setState({ token: 'a-token', currentUser: me });
  localStorage.setItem(STORAGE_KEYS.token, 'a-token');
});
afterEach(() => {
  configureApi({ fetch: (...args) => globalThis.fetch(...args) });
  localStorage.clear();
});

describe('a live event on the page', () => {
  it('changes a like count wherever the post shows, and the like itself when it was mine elsewhere', () => {
    const post = aCompactPost({ _id: 'p1', likeCount: 2 });
    storeFeed(post);
    applyLiveEvent({ type: 'likes', postId: 'p1', likeCount: 3, by: 'someone-else', liked: true });
    expect(feedPosts()[0]).toMatchObject({ likeCount: 3, likedByMe: false });
    applyLiveEvent({ type: 'likes', postId: 'p1', likeCount: 4, by: 'me-id', liked: true });
    expect(feedPosts()[0]).toMatchObject({ likeCount: 4, likedByMe: true });
  });

  it('keeps posts by others waiting behind the button, never those this page made or already shows', async () => {
    storeFeed(aCompactPost({ _id: 'shown' }));
    const made = aCompactPost({ _id: 'mine' });
    configureApi({ fetch: async () => new Response(JSON.stringify({ post: made }), { status: 201 }) });
    await compactApi.createPost({ content: 'mine' });
    applyLiveEvent({ type: 'post', postId: 'mine', author: 'me' });
    applyLiveEvent({ type: 'post', postId: 'shown', author: 'ann' });
    applyLiveEvent({ type: 'post', postId: 'new-1', author: 'ann' });
    applyLiveEvent({ type: 'post', postId: 'new-2', author: 'me' }); // mine, from another tab
    await vi.waitFor(() => expect(useSession.getState().newPostIds).toEqual(['new-2', 'new-1']));
  });

  it('sets the unread count, and a resync marks everything to load again', () => {
    applyLiveEvent({ type: 'unread', unread: 5 });
    expect(queryClient.getQueryData(queryKeys.unreadNotifications)).toBe(5);
    storeFeed(aCompactPost());
    applyLiveEvent({ type: 'resync' });
    expect(queryClient.getQueryState(queryKeys.postList(latest))?.isInvalidated).toBe(true);
  });
});

/** A fetch that answers each call with the next of `streams` (an event stream's text), then holds the last open. */
function streamingFetch(streams: Array<string | number>) {
  const calls: Array<{ url: string; headers: Record<string, string> }> = [];
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), headers: init?.headers as Record<string, string> });
    const next = streams.shift();
    if (typeof next === 'number') return new Response(JSON.stringify({ errors: ['no'] }), { status: next });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (next !== undefined) controller.enqueue(new TextEncoder().encode(next));
        if (streams.length > 0) controller.close();
        init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
  return { fetch, calls };
}

describe('the API server as a live source', () => {
  const post = (id: string): LiveEvent => ({ type: 'post', postId: id, author: 'ann' });

  it('reads the stream with the token, comes back with the last id, and drops an event it had', async () => {
    const { fetch, calls } = streamingFetch([
      'id: 1\nevent: ready\ndata: {}\n\n' + formatServerSentEvent('2', post('a')),
      formatServerSentEvent('2', post('a')) + formatServerSentEvent('3', post('b')),
    ]);
    configureApi({ baseUrl: 'http://api.test', fetch });
    const events: LiveEvent[] = [];
    const states: string[] = [];
    const stop = createServerLiveSource({ firstRetryMs: 1, maxRetryMs: 2 }).connect({
      event: (event) => events.push(event),
      connected: () => states.push('connected'),
      disconnected: () => states.push('disconnected'),
    });
    await vi.waitFor(() => expect(events).toEqual([post('a'), post('b')]));
    stop();
    expect(calls[0]).toMatchObject({ url: 'http://api.test/api/events', headers: { authorization: 'a-token' } });
    expect(calls[0]!.headers['last-event-id']).toBeUndefined();
    expect(calls[1]!.headers['last-event-id']).toBe('2');
    expect(states.slice(0, 3)).toEqual(['connected', 'disconnected', 'connected']);
  });

  it('keeps trying after a failure, and stops when the session is refused', async () => {
    const { fetch, calls } = streamingFetch([503, 401]);
    configureApi({ baseUrl: '', fetch });
    const rejected = vi.fn();
    const stopWatching = onSessionRejected(rejected);
    const stop = createServerLiveSource({ firstRetryMs: 1, maxRetryMs: 2 }).connect({ event: () => {}, connected: () => {}, disconnected: () => {} });
    await vi.waitFor(() => expect(rejected).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toHaveLength(2);
    stop();
    stopWatching();
  });
});

describe('the live stream coming back', () => {
  it('gives whatever failed meanwhile its chance to load again, not the first connection', () => {
    let handlers: LiveHandlers | undefined;
    configureLive({ connect: (given) => ((handlers = given), () => undefined) });
    const retry = vi.fn();
    const stopListening = onRecoveryChance(retry);
    const { unmount } = renderHook(() => useLiveUpdates());
    handlers!.connected('s1');
    expect(retry).not.toHaveBeenCalled();
    handlers!.disconnected();
    handlers!.connected('s2');
    expect(retry).toHaveBeenCalledTimes(1);
    unmount();
    stopListening();
    configureLive(null);
  });
});
