import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '@chirp/session';
import { aCompactPost, aPostPage, aProfile, summaryOf } from '@chirp/session/testing';
import type { CompactPost, PersonCard, ThreadResponse } from '@chirp/contracts';
import { bookmarkStored, followStored, postCreated, postRemoved, postStored, profileStored } from './cache-updates';
import { type PeopleSource, type PostSource, queryKeys } from './keys';
import type { PeoplePages, PostPages } from './post-queries';

const latest: PostSource = { kind: 'feed', sort: 'latest' };
const trending: PostSource = { kind: 'feed', sort: 'trending' };
const annPosts: PostSource = { kind: 'user', username: 'ann' };
const liked: PostSource = { kind: 'liked', username: 'ann' };
const bookmarked: PostSource = { kind: 'bookmarked' };
const suggestions: PeopleSource = { kind: 'suggestions' };

const ann = aProfile({ _id: 'ann-id', username: 'ann' });
const bob = aProfile({ _id: 'bob-id', username: 'bob' });

function store(source: PostSource, ...pages: CompactPost[][]) {
  queryClient.setQueryData<PostPages>(queryKeys.postList(source), {
    pages: pages.map((posts, index) => aPostPage(posts, index < pages.length - 1 ? `c${index + 1}` : null)),
    pageParams: pages.map((_, index) => (index === 0 ? undefined : `c${index}`)),
  });
}
const ids = (source: PostSource) =>
  queryClient.getQueryData<PostPages>(queryKeys.postList(source))?.pages.map((page) => page.posts.map((post) => post._id));
const isStale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;

beforeEach(() => queryClient.clear());

describe('a change in the query cache', () => {
  const first = aCompactPost({ _id: 'p1' }, summaryOf(ann));
  const second = aCompactPost({ _id: 'p2' }, summaryOf(bob));

  it('puts the server’s answer for a post in place in every list, page by page', () => {
    store(latest, [first], [second]);
    store(annPosts, [first]);
    postStored({ ...first, likeCount: 7, likedByMe: true }, 'ann');
    for (const source of [latest, annPosts]) {
      const pages = queryClient.getQueryData<PostPages>(queryKeys.postList(source))!;
      expect(pages.pages[0]!.posts[0]).toMatchObject({ _id: 'p1', likeCount: 7, likedByMe: true });
    }
    expect(ids(latest)).toEqual([['p1'], ['p2']]);
  });

  it('takes an unliked post off the caller’s liked list, and marks it stale after a like', () => {
    store(liked, [first, second]);
    postStored({ ...first, likedByMe: false }, 'ann');
    expect(ids(liked)).toEqual([['p2']]);
    postStored({ ...second, likedByMe: true }, 'ann');
    expect(isStale(queryKeys.postList(liked))).toBe(true);
  });

  it('puts a new post first in the newest-first lists, at the end of a whole trending list', () => {
    store(latest, [second]);
    store(annPosts, []);
    store(trending, [second]);
    const fresh = aCompactPost({ _id: 'new' }, summaryOf(ann));
    postCreated(fresh);
    expect(ids(latest)).toEqual([['new', 'p2']]);
    expect(ids(annPosts)).toEqual([['new']]);
    expect(ids(trending)).toEqual([['p2', 'new']]);
  });

  it('leaves a longer trending list to load again when shown', () => {
    store(trending, [second], [first]);
    queryClient.setQueryData<PostPages>(queryKeys.postList(trending), (data) => data && { ...data, pages: [aPostPage([second], 'c1')] });
    postCreated(aCompactPost({ _id: 'new' }, summaryOf(ann)));
    expect(ids(trending)).toEqual([['p2']]);
    expect(isStale(queryKeys.postList(trending))).toBe(true);
  });

  it('removes a deleted post from every list and marks its author’s counts stale', () => {
    store(latest, [first, second]);
    store(annPosts, [first]);
    queryClient.setQueryData(queryKeys.profile('ann'), ann);
    postRemoved('p1', 'ann');
    expect(ids(latest)).toEqual([['p2']]);
    expect(ids(annPosts)).toEqual([[]]);
    expect(isStale(queryKeys.profile('ann'))).toBe(true);
  });

  it('leaves the quotes of a deleted post in their lists, showing where it was', () => {
    const quote = aCompactPost({ _id: 'q1', quoteOf: 'p1', quote: { _id: 'p1', content: first.content, username: 'ann', author: first.author, createdAt: first.createdAt } });
    store(latest, [quote, first, second]);
    postRemoved('p1', 'ann');
    expect(ids(latest)).toEqual([['q1', 'p2']]);
    const kept = queryClient.getQueryData<PostPages>(queryKeys.postList(latest))!.pages[0]!.posts[0]!;
    expect(kept.quote).toEqual({ _id: 'p1', deleted: true });
  });

  it('shows where a deleted post was in the quotes of it on post pages too', () => {
    const quoted = { _id: 'p1', content: first.content, username: 'ann', author: first.author, createdAt: first.createdAt };
    const quote = aCompactPost({ _id: 'q1', quoteOf: 'p1', quote: quoted });
    const reply = aCompactPost({ _id: 'r1', replyTo: 'q1', quoteOf: 'p1', quote: quoted });
    queryClient.setQueryData<ThreadResponse>(queryKeys.thread('r1'), { ancestors: [quote], post: reply });
    postRemoved('p1', 'ann');
    const thread = queryClient.getQueryData<ThreadResponse>(queryKeys.thread('r1'))!;
    expect([thread.ancestors[0], thread.post].map((entry) => (entry as CompactPost).quote)).toEqual([
      { _id: 'p1', deleted: true },
      { _id: 'p1', deleted: true },
    ]);
  });

  it('shows a bookmark everywhere; a removed one leaves the bookmarks list', () => {
    store(latest, [first, second]);
    store(bookmarked, [first, second]);
    bookmarkStored('p1', false);
    expect(ids(bookmarked)).toEqual([['p2']]);
    bookmarkStored('p2', true);
    const post = queryClient.getQueryData<PostPages>(queryKeys.postList(latest))!.pages[0]!.posts[1]!;
    expect(post.bookmarkedByMe).toBe(true);
  });

  it('stores both profiles of a follow, and takes a followed person off the suggestions', () => {
    const card = (profile: typeof bob): PersonCard => ({ ...summaryOf(profile), followedByMe: false });
    queryClient.setQueryData<PeoplePages>(queryKeys.peopleList(suggestions), {
      pages: [{ users: [card(bob), card(aProfile({ _id: 'cy' }))], nextCursor: null }],
      pageParams: [undefined],
    });
    const followed = { ...bob, followedByMe: true, followerCount: 1 };
    followStored({ ...ann, followingCount: 1 }, followed);
    expect(queryClient.getQueryData(queryKeys.profile('bob'))).toEqual(followed);
    expect(queryClient.getQueryData(queryKeys.profile('ann'))).toMatchObject({ followingCount: 1 });
    const left = queryClient.getQueryData<PeoplePages>(queryKeys.peopleList(suggestions))!.pages[0]!.users;
    expect(left.map((user) => user._id)).toEqual(['cy']);
  });

  it('follow → unfollow → follow: the person leaves the suggestions, is asked for again, and leaves again', () => {
    const card = (profile: typeof bob): PersonCard => ({ ...summaryOf(profile), followedByMe: false });
    const key = queryKeys.peopleList(suggestions);
    const storeSuggestions = (...people: (typeof bob)[]) =>
      queryClient.setQueryData<PeoplePages>(key, { pages: [{ users: people.map(card), nextCursor: null }], pageParams: [undefined] });
    const suggested = () => queryClient.getQueryData<PeoplePages>(key)!.pages[0]!.users.map((user) => user._id);
    const cy = aProfile({ _id: 'cy' });
    storeSuggestions(bob, cy);

    followStored({ ...ann, followingCount: 1 }, { ...bob, followedByMe: true, followerCount: 1 });
    expect(suggested()).toEqual(['cy']);
    expect(isStale(key)).toBe(false);

    followStored({ ...ann, followingCount: 0 }, { ...bob, followedByMe: false, followerCount: 0 });
    // The list no longer knows bob: it is stale, so it loads again (bob back in it) when shown.
    expect(isStale(key)).toBe(true);
    expect(queryClient.getQueryData(queryKeys.profile('bob'))).toMatchObject({ followedByMe: false, followerCount: 0 });

    storeSuggestions(bob, cy); // what the server answers when the list loads again
    followStored({ ...ann, followingCount: 1 }, { ...bob, followedByMe: true, followerCount: 1 });
    expect(suggested()).toEqual(['cy']);
    expect(queryClient.getQueryData(queryKeys.profile('bob'))).toMatchObject({ followedByMe: true, followerCount: 1 });
  });

  it('shows a new name and picture on every post of the person', () => {
    store(latest, [first, second]);
    profileStored({ ...ann, firstName: 'Annie', profilePic: '/new.png' });
    const posts = queryClient.getQueryData<PostPages>(queryKeys.postList(latest))!.pages[0]!.posts;
    expect(posts[0]!.author).toMatchObject({ firstName: 'Annie', profilePic: '/new.png' });
    expect(posts[1]!.author.firstName).toBe(bob.firstName);
  });
});

describe('a change while a list is loading', () => {
  it('is applied again when the page under way lands, so the fetch cannot put back what it replaced', async () => {
    const { aPostPage: page } = await import('@chirp/session/testing');
    const post = aCompactPost({ _id: 'p1', likeCount: 1 });
    store(latest, [post]);
    let answer!: (value: ReturnType<typeof page>) => void;
    // A reload of the list, started before the like: its answer still has the old count.
    const reload = queryClient.fetchInfiniteQuery({
      queryKey: queryKeys.postList(latest),
      queryFn: () => new Promise<ReturnType<typeof page>>((resolve) => (answer = resolve)),
      initialPageParam: undefined as string | undefined,
      staleTime: 0,
    });
    postStored({ ...post, likeCount: 2, likedByMe: true }, 'ann');
    bookmarkStored('p1', true); // a second change before the answer: both must survive it
    answer(page([{ ...post }]));
    await reload;
    const stored = queryClient.getQueryData<PostPages>(queryKeys.postList(latest))!.pages[0]!.posts[0]!;
    expect(stored).toMatchObject({ likeCount: 2, likedByMe: true, bookmarkedByMe: true });
  });
});

describe('the items of a list', () => {
  it('are every loaded page’s, in order, each once (a post pushed onto the next page is not shown twice)', async () => {
    const { loadedItems } = await import('./post-queries');
    const [a, b, c] = [aCompactPost({ _id: 'a' }), aCompactPost({ _id: 'b' }), aCompactPost({ _id: 'c' })];
    expect(loadedItems([[a, b], [b, c]]).map((post) => post._id)).toEqual(['a', 'b', 'c']);
    expect(loadedItems([])).toEqual([]);
  });
});
