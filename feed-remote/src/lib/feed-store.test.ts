import { queryKeys, type PostPages } from '@chirp/queries';
import { compactApi, configureApi, queryClient, useSession } from '@chirp/session';
import { aCompactPost, aPostPage, aProfile, hearLiveEvent, logInAs } from '@chirp/session/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFeedStore } from './feed-store';

beforeEach(() => {
  queryClient.clear();
  logInAs(aProfile({ _id: 'me-id', username: 'me' }));
});

afterEach(() => configureApi({ fetch: (...args) => globalThis.fetch(...args) }));

describe('new posts announced live', () => {
  it('keeps posts by others waiting behind the button, never those this page made or already shows', async () => {
    const shown = aCompactPost({ _id: 'shown' });
    queryClient.setQueryData<PostPages>(queryKeys.postList({ kind: 'feed', sort: 'latest' }), {
      pages: [aPostPage([shown], 'next')],
      pageParams: [undefined],
    });
    const made = aCompactPost({ _id: 'mine' });
    configureApi({ fetch: async () => new Response(JSON.stringify({ post: made }), { status: 201 }) });
    await compactApi.createPost({ content: 'mine' });

    hearLiveEvent({ type: 'post', postId: 'mine', author: 'me' });
    hearLiveEvent({ type: 'post', postId: 'shown', author: 'ann' });
    hearLiveEvent({ type: 'post', postId: 'new-1', author: 'ann' });
    hearLiveEvent({ type: 'post', postId: 'new-2', author: 'me' }); // mine, from another tab
    // A reply is not a new post of a feed: it counts on the post it answers.
    hearLiveEvent({ type: 'post', postId: 'reply-1', author: 'ann', replyTo: 'shown' });

    await vi.waitFor(() => expect(useFeedStore.getState().newPostIds).toEqual(['new-2', 'new-1']));
  });

  it('forgets them, and the draft, when the person signs out', async () => {
    hearLiveEvent({ type: 'post', postId: 'new-1', author: 'ann' });
    useFeedStore.getState().setComposerText('half a thought');
    await vi.waitFor(() => expect(useFeedStore.getState().newPostIds).toEqual(['new-1']));

    useSession.getState().logOut();

    expect(useFeedStore.getState()).toEqual(expect.objectContaining({ newPostIds: [], composerText: '' }));
  });
});
