import { applyLiveEvent, compactApi, useSession } from '@chirp/session';
import { aCompactPost, aPostPage, aProfile, logInAs, renderWithApp } from '@chirp/session/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ExplorePage from './explore-page';

const old = aCompactPost({ _id: 'old', content: 'Already here' });
const fresh = aCompactPost({ _id: 'fresh', content: 'Just posted' });
const contents = () => screen.getAllByRole('article').map((article) => within(article).getByText(/here|posted/).textContent);

beforeEach(() => logInAs(aProfile({ username: 'reader' })));
afterEach(() => vi.restoreAllMocks());

describe('new posts announced live on a feed', () => {
  it('wait behind "1 new post" without moving the list; pressing it shows them first', async () => {
    const feed = vi.spyOn(compactApi, 'feed').mockResolvedValue(aPostPage([old]));
    const user = userEvent.setup();
    renderWithApp(<ExplorePage />);
    expect(await screen.findByText('Already here')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();

    act(() => applyLiveEvent({ type: 'post', postId: 'fresh', author: 'ann' }));
    const button = await screen.findByRole('button', { name: '1 new post' });
    expect(contents()).toEqual(['Already here']);
    act(() => applyLiveEvent({ type: 'post', postId: 'fresher', author: 'bob' }));
    expect(await screen.findByRole('button', { name: '2 new posts' })).toBe(button);

    feed.mockResolvedValue(aPostPage([fresh, old]));
    await user.click(button);
    await waitFor(() => expect(contents()).toEqual(['Just posted', 'Already here']));
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();
    expect(useSession.getState().newPostIds).toEqual([]);
  });

  it('counts only what the feed does not show yet, and nothing for a reply', async () => {
    vi.spyOn(compactApi, 'feed').mockResolvedValue(aPostPage([old]));
    renderWithApp(<ExplorePage />);
    await screen.findByText('Already here');
    act(() => {
      useSession.getState().postAnnounced('old');
      applyLiveEvent({ type: 'post', postId: 'a-reply', author: 'ann', replyTo: 'old' });
    });
    // The reply counts on the post it answers.
    expect(await screen.findByRole('button', { name: 'Reply, 1 reply' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();
  });
});
