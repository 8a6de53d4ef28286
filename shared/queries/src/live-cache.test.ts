import { compactApi, configureApi, queryClient, useSession } from '@chirp/session';
import { aCompactPost, aPostPage, aProfile, hearLiveEvent, summaryOf } from '@chirp/session/testing';
import { STORAGE_KEYS } from '@chirp/contracts';
import { QueryObserver } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys, type PostSource } from './keys';
import { postRemoved } from './cache-updates';
import { installCacheUpdates, installListUpdates } from './live-cache';
import type { PostPages } from './post-queries';

const latest: PostSource = { kind: 'feed', sort: 'latest' };
const me = aProfile({ _id: 'me-id', username: 'me' });

function storeFeed(...posts: ReturnType<typeof aCompactPost>[]) {
  queryClient.setQueryData<PostPages>(queryKeys.postList(latest), { pages: [aPostPage(posts, 'next')], pageParams: [undefined] });
}
const feedPosts = () => queryClient.getQueryData<PostPages>(queryKeys.postList(latest))!.pages.flatMap((page) => page.posts);

let uninstall: Array<() => void>;
beforeAll(() => (uninstall = [installCacheUpdates(), installListUpdates()]));
afterAll(() => uninstall.forEach((stop) => stop()));

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
    hearLiveEvent({ type: 'likes', postId: 'p1', likeCount: 3, by: 'someone-else', liked: true });
    expect(feedPosts()[0]).toMatchObject({ likeCount: 3, likedByMe: false });
    hearLiveEvent({ type: 'likes', postId: 'p1', likeCount: 4, by: 'me-id', liked: true });
    expect(feedPosts()[0]).toMatchObject({ likeCount: 4, likedByMe: true });
  });

  it('counts a reply made elsewhere on its post, not one this page made', async () => {
    storeFeed(aCompactPost({ _id: 'p1', replyCount: 0 }));
    configureApi({ fetch: async () => new Response(JSON.stringify({ post: aCompactPost({ _id: 'mine', replyTo: 'p1' }) }), { status: 201 }) });
    await compactApi.createPost({ content: 'mine', replyTo: 'p1' });
    hearLiveEvent({ type: 'post', postId: 'mine', author: 'me', replyTo: 'p1' });
    hearLiveEvent({ type: 'post', postId: 'theirs', author: 'ann', replyTo: 'p1' });
    await vi.waitFor(() => expect(feedPosts()[0]!.replyCount).toBe(1));
  });

  it('takes a deleted post out of the lists, and a deleted reply off its post’s count, once however often it is heard', () => {
    storeFeed(aCompactPost({ _id: 'p1', replyCount: 2 }), aCompactPost({ _id: 'p2', username: 'ann' }));
    hearLiveEvent({ type: 'gone', postId: 'p2', author: 'ann' });
    expect(feedPosts().map((post) => post._id)).toEqual(['p1']);
    hearLiveEvent({ type: 'gone', postId: 'a-reply', author: 'ann', replyTo: 'p1' });
    expect(feedPosts()[0]!.replyCount).toBe(1);
    // The person's own reply, deleted on this page (its command took it out), then heard live.
    postRemoved('my-reply', 'me', 'p1');
    hearLiveEvent({ type: 'gone', postId: 'my-reply', author: 'me', replyTo: 'p1' });
    expect(feedPosts()[0]!.replyCount).toBe(0);
  });

  it('loads again the post pages shown that hold a post deleted elsewhere; no other', async () => {
    const thread = (postId: string, ...ancestors: string[]) => ({ ancestors: ancestors.map((_id) => aCompactPost({ _id })), post: aCompactPost({ _id: postId }) });
    const asked: string[] = [];
    const shown = (postId: string, ...ancestors: string[]) =>
      new QueryObserver(queryClient, {
        queryKey: queryKeys.thread(postId),
        queryFn: () => (asked.push(postId), thread(postId, ...ancestors)),
        initialData: thread(postId, ...ancestors),
        staleTime: Infinity,
      }).subscribe(() => {});
    const stop = [shown('reply', 'deleted'), shown('deleted'), shown('elsewhere', 'other')];
    // A post page no longer on screen is only marked stale.
    queryClient.setQueryData(queryKeys.thread('closed'), thread('closed', 'deleted'));

    hearLiveEvent({ type: 'gone', postId: 'deleted', author: 'ann' });
    await vi.waitFor(() => expect(asked.sort()).toEqual(['deleted', 'reply']));
    expect(queryClient.getQueryState(queryKeys.thread('closed'))?.isInvalidated).toBe(true);
    // Heard again, it asks nothing more.
    hearLiveEvent({ type: 'gone', postId: 'deleted', author: 'ann' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toHaveLength(2);
    stop.forEach((unsubscribe) => unsubscribe());
  });

  it('takes every post of an account deleted or suspended off the page: its posts, its reposts, its quoted posts, its post pages and its profile', async () => {
    const ann = aProfile({ _id: 'ann-id', username: 'ann' });
    const byAnn = aCompactPost({ _id: 'by-ann' }, summaryOf(ann));
    const repostedByAnn = aCompactPost({ _id: 'reposted', repostedBy: summaryOf(ann) });
    const { repostCount: _count, repostedByMe: _mine, ...quoted } = byAnn;
    const quote = aCompactPost({ _id: 'quote', quoteOf: 'by-ann', quote: quoted });
    const other = aCompactPost({ _id: 'other' });
    storeFeed(byAnn, repostedByAnn, quote, other);
    const asked: string[] = [];
    const shown = (key: readonly unknown[], data: unknown) =>
      new QueryObserver(queryClient, { queryKey: key, queryFn: () => (asked.push(String(key[1])), data), initialData: data, staleTime: Infinity }).subscribe(() => {});
    const stop = [
      shown(queryKeys.thread('by-ann'), { ancestors: [], post: byAnn }),
      shown(queryKeys.thread('a-reply'), { ancestors: [byAnn], post: aCompactPost({ _id: 'a-reply' }) }),
      shown(queryKeys.thread('other'), { ancestors: [], post: other }),
      shown(queryKeys.profile('ann'), ann),
      shown(queryKeys.profile('someone'), aProfile({ username: 'someone' })),
    ];

    hearLiveEvent({ type: 'authorGone', authorId: 'ann-id', author: 'ann', deleted: false });
    expect(feedPosts().map((post) => post._id)).toEqual(['quote', 'other']);
    expect(feedPosts()[0]!.quote).toEqual({ _id: 'by-ann', deleted: true, unavailable: true });
    await vi.waitFor(() => expect(asked.sort()).toEqual(['a-reply', 'ann', 'by-ann']));
    stop.forEach((unsubscribe) => unsubscribe());

    storeFeed(quote);
    hearLiveEvent({ type: 'authorGone', authorId: 'ann-id', author: 'ann', deleted: true });
    expect(feedPosts()[0]!.quote).toEqual({ _id: 'by-ann', deleted: true });
  });

  it('takes an account deleted or suspended out of the lists of people; a suspended one stays among those one muted or blocked', () => {
    const people = (kind: 'suggestions' | 'muted', ...ids: string[]) =>
      queryClient.setQueryData(queryKeys.peopleList({ kind }), { pages: [{ users: ids.map((_id) => ({ ...aProfile({ _id }), followedByMe: false })), nextCursor: null }], pageParams: [undefined] });
    const idsIn = (kind: 'suggestions' | 'muted') =>
      queryClient.getQueryData<{ pages: Array<{ users: Array<{ _id: string }> }> }>(queryKeys.peopleList({ kind }))!.pages[0]!.users.map((user) => user._id);
    people('suggestions', 'ann-id', 'bob-id');
    people('muted', 'ann-id');
    hearLiveEvent({ type: 'authorGone', authorId: 'ann-id', author: 'ann', deleted: false });
    expect([idsIn('suggestions'), idsIn('muted')]).toEqual([['bob-id'], ['ann-id']]);
    hearLiveEvent({ type: 'authorGone', authorId: 'ann-id', author: 'ann', deleted: true });
    expect(idsIn('muted')).toEqual([]);
  });

  it('sets the unread count, and a resync marks everything to load again', () => {
    hearLiveEvent({ type: 'unread', unread: 5 });
    expect(queryClient.getQueryData(queryKeys.unreadNotifications)).toBe(5);
    storeFeed(aCompactPost());
    hearLiveEvent({ type: 'resync' });
    expect(queryClient.getQueryState(queryKeys.postList(latest))?.isInvalidated).toBe(true);
  });

  it('asks for the unread count again when the stream comes back', () => {
    queryClient.setQueryData(queryKeys.unreadNotifications, 1);
    hearLiveEvent({ type: 'reconnected' });
    expect(queryClient.getQueryState(queryKeys.unreadNotifications)?.isInvalidated).toBe(true);
  });
});
