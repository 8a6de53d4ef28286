import { type CompactPost } from '@chirp/contracts';
import { compactApi, queryClient, toggleShown } from '@chirp/session';
import { type PostPages, queryKeys } from '@chirp/queries';
import { aCompactPost, aPostPage, aProfile, deferred, logInAs } from '@chirp/session/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { likeKey, toggleLike, postShown } from './post-actions';

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
