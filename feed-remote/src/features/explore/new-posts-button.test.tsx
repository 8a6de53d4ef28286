import { installCacheUpdates } from '@chirp/queries';
import { compactApi } from '@chirp/session';
import { aCompactPost, aPostPage, aProfile, hearLiveEvent, logInAs, renderWithApp } from '@chirp/session/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ExplorePage from './explore-page';
import { useFeedStore } from '../../lib/feed-store';

const old = aCompactPost({ _id: 'old', content: 'Already here' });
const fresh = aCompactPost({ _id: 'fresh', content: 'Just posted' });
const contents = () => screen.getAllByRole('article').map((article) => within(article).getByText(/here|posted/).textContent);

let uninstall: () => void;
beforeAll(() => (uninstall = installCacheUpdates()));
afterAll(() => uninstall());
beforeEach(() => logInAs(aProfile({ username: 'reader' })));
afterEach(() => vi.restoreAllMocks());

/** Explore showing one post, then posts announced live (their id: their author's name). */
async function exploreWith(announced: Record<string, string>) {
  vi.spyOn(compactApi, 'feed').mockResolvedValue(aPostPage([old]));
  renderWithApp(<ExplorePage />);
  await screen.findByText('Already here');
  act(() => {
    for (const [postId, author] of Object.entries(announced)) hearLiveEvent({ type: 'post', postId, author });
  });
}

describe('new posts announced live on a feed', () => {
  it('wait behind "1 new post" without moving the list; pressing it shows them first', async () => {
    const feed = vi.spyOn(compactApi, 'feed').mockResolvedValue(aPostPage([old]));
    const user = userEvent.setup();
    renderWithApp(<ExplorePage />);
    expect(await screen.findByText('Already here')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();

    act(() => hearLiveEvent({ type: 'post', postId: 'fresh', author: 'ann' }));
    const button = await screen.findByRole('button', { name: '1 new post' });
    expect(contents()).toEqual(['Already here']);
    act(() => hearLiveEvent({ type: 'post', postId: 'fresher', author: 'bob' }));
    expect(await screen.findByRole('button', { name: '2 new posts' })).toBe(button);

    feed.mockResolvedValue(aPostPage([fresh, old]));
    await user.click(button);
    await waitFor(() => expect(contents()).toEqual(['Just posted', 'Already here']));
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();
    expect(useFeedStore.getState().newPostIds).toEqual([]);
  });

  it('stops counting a waiting post once it is announced deleted', async () => {
    await exploreWith({ fresh: 'ann', fresher: 'bob' });
    expect(await screen.findByRole('button', { name: '2 new posts' })).toBeInTheDocument();
    act(() => hearLiveEvent({ type: 'gone', postId: 'fresh', author: 'ann' }));
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeInTheDocument();
    act(() => hearLiveEvent({ type: 'gone', postId: 'fresher', author: 'bob' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /new post/ })).toBeNull());
  });

  it('stops counting the waiting posts of an account once it is announced deleted or suspended', async () => {
    await exploreWith({ fresh: 'ann', fresher: 'bob', freshest: 'ann' });
    expect(await screen.findByRole('button', { name: '3 new posts' })).toBeInTheDocument();
    act(() => hearLiveEvent({ type: 'authorGone', authorId: 'ann-id', author: 'ann', deleted: false }));
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeInTheDocument();
    expect(useFeedStore.getState().newPostAuthors).toEqual({ fresher: 'bob' });
  });

  it('counts only what the feed does not show yet, and nothing for a reply', async () => {
    vi.spyOn(compactApi, 'feed').mockResolvedValue(aPostPage([old]));
    renderWithApp(<ExplorePage />);
    await screen.findByText('Already here');
    act(() => {
      useFeedStore.getState().postAnnounced('old');
      hearLiveEvent({ type: 'post', postId: 'a-reply', author: 'ann', replyTo: 'old' });
    });
    // The reply counts on the post it answers.
    expect(await screen.findByRole('button', { name: 'Reply, 1 reply' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();
  });
});
