import { type CompactPost } from '@chirp/contracts';
import { ApiError, compactApi, queryClient, toggleShown } from '@chirp/session';
import { type PostPages, queryKeys } from '@chirp/queries';
import { aCompactPost, aPostPage, aProfile, deferred, logInAs } from '@chirp/session/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookmarkKey, likeKey, postShown, toggleBookmark, toggleLike } from './post-actions';

const me = aProfile({ username: 'guestuser' });
const LATEST = queryKeys.postList({ kind: 'feed', sort: 'latest' });
const cached = () => queryClient.getQueryData<PostPages>(LATEST)!.pages[0]!.posts[0]!;

afterEach(() => vi.restoreAllMocks());

describe('a like on its way', () => {
  it('stays shown when the list loads again before its answer, and the answer then stays', async () => {
    const post = aCompactPost({ content: 'Liked while the list loads', likeCount: 3 });
    logInAs(me);
    queryClient.setQueryData<PostPages>(LATEST, { pages: [aPostPage([post])], pageParams: [undefined] });
    const answer = deferred<{ post: CompactPost }>();
    vi.spyOn(compactApi, 'like').mockReturnValue(answer.promise);

    toggleLike(post);
    expect(postShown(cached())).toMatchObject({ liked: true, likeCount: 4 });

    // The list, as the back end held it before the like, replaces the cache's copy.
    queryClient.setQueryData<PostPages>(LATEST, { pages: [aPostPage([{ ...post }])], pageParams: [undefined] });
    expect(postShown(cached())).toMatchObject({ liked: true, likeCount: 4 });

    answer.resolve({ post: { ...post, likeCount: 4, likedByMe: true } });
    await vi.waitFor(() => expect(cached()).toMatchObject({ likeCount: 4, likedByMe: true }));
    await vi.waitFor(() => expect(toggleShown(likeKey(post._id), false)).toBe(false)); // the overlay is gone
    expect(postShown(cached())).toMatchObject({ liked: true, likeCount: 4 });
  });
});

describe('a toggle refused because the post is gone', () => {
  const NOT_FOUND = 'This post does not exist. It may have been deleted.';
  const listed = () => queryClient.getQueryData<PostPages>(LATEST)!.pages[0]!.posts.map((post) => post.content);

  it('takes the post out of the lists (its account was deleted: nothing announced it)', async () => {
    const gone = aCompactPost({ content: 'Its author deleted their account' });
    const other = aCompactPost({ content: 'Still here' });
    logInAs(me);
    queryClient.setQueryData<PostPages>(LATEST, { pages: [aPostPage([gone, other])], pageParams: [undefined] });
    vi.spyOn(compactApi, 'bookmark').mockRejectedValue(new ApiError(404, NOT_FOUND));

    toggleBookmark(gone);
    await vi.waitFor(() => expect(listed()).toEqual(['Still here']));
    expect(toggleShown(bookmarkKey(gone._id), false)).toBe(false);
  });

  it('leaves the post where it is when refused for another reason', async () => {
    const post = aCompactPost({ content: 'Its author blocked me' });
    logInAs(me);
    queryClient.setQueryData<PostPages>(LATEST, { pages: [aPostPage([post])], pageParams: [undefined] });
    vi.spyOn(compactApi, 'like').mockRejectedValue(new ApiError(403, 'This person has blocked you.'));

    toggleLike(post);
    await vi.waitFor(() => expect(toggleShown(likeKey(post._id), false)).toBe(false)); // rolled back
    expect(listed()).toEqual(['Its author blocked me']);
  });
});
