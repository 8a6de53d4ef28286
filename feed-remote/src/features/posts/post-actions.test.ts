import { api, type PostsResponse, useSession } from '@chirp/shared';
import { aPost, aUser, deferred, logInAs } from '@chirp/shared/testing';
import { describe, expect, it, vi } from 'vitest';
import { isLikedBy, likeToggled } from './post-actions';

const me = aUser({ username: 'guestuser' });

describe('a like on its way', () => {
  it('stays shown when the post list arrives (or is reloaded) before its answer', async () => {
    const post = aPost({ content: 'Liked while the list loads' });
    logInAs(me, { posts: [post] });
    const answer = deferred<PostsResponse>();
    vi.spyOn(api, 'like').mockReturnValue(answer.promise);

    likeToggled(post._id);
    expect(isLikedBy(useSession.getState().allPosts[0]!, me._id)).toBe(true);

    // The whole list, as the back end held it before the like, replaces the first page.
    useSession.getState().postsLoaded([post]);
    expect(isLikedBy(useSession.getState().allPosts[0]!, me._id)).toBe(true);

    const liked = { ...post, likes: { likeCount: 1, likedBy: [me], dislikedBy: [] } };
    answer.resolve({ posts: [liked] });
    await vi.waitFor(() => expect(useSession.getState().allPosts[0]!.likes.likeCount).toBe(1));
  });
});
