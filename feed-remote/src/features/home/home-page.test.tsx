import { compactApi, type CompactPost, type PostPage, useSession } from '@chirp/shared';
import { aCompactPost, aPostPage, aProfile, deferred, logInAs, renderWithApp } from '@chirp/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HomePage from './home-page';

const me = aProfile({ username: 'guestuser' });
const older = aCompactPost({ content: 'Older but loved', createdAt: '2024-01-01T08:00:00+00:00', likeCount: 900 });
const newer = aCompactPost({ content: 'Newer and quiet', createdAt: '2024-02-01T08:00:00+00:00', likeCount: 3 });

const shownContents = () =>
  screen.getAllByRole('article').map((article) => within(article).getByText(/loved|quiet/).textContent);

/** The back end's home feed: newest first, or most liked first when asked for trending. */
function serveFeed() {
  return vi
    .spyOn(compactApi, 'feed')
    .mockImplementation(async (query = {}) => aPostPage(query.sort === 'trending' ? [older, newer] : [newer, older]));
}

beforeEach(() => logInAs(me));
afterEach(() => vi.restoreAllMocks());

describe('the home page', () => {
  it('is a section titled by its heading, with the composer and the Latest Posts list', async () => {
    serveFeed();
    renderWithApp(<HomePage />);
    const section = screen.getByRole('region', { name: 'Home' });
    expect(section.tagName).toBe('SECTION');
    expect(screen.queryByRole('main')).toBeNull();
    expect(within(section).getByRole('textbox', { name: 'Write a post' })).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Latest Posts' })).toBeInTheDocument();
    expect(await within(section).findByRole('feed', { name: 'Latest Posts' })).toBeInTheDocument();
  });

  it('shows a loader while no posts are loaded, then the first page', async () => {
    const page = deferred<PostPage>();
    const feed = vi.spyOn(compactApi, 'feed').mockReturnValue(page.promise);
    renderWithApp(<HomePage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading posts');
    expect(feed).toHaveBeenCalledWith({ sort: 'latest', cursor: undefined });
    await act(async () => page.resolve(aPostPage([newer])));
    await waitFor(() => expect(screen.queryByText('Loading posts')).toBeNull());
    expect(shownContents()).toEqual(['Newer and quiet']);
  });

  it('shows the newest first, and the most liked first when Trending is chosen', async () => {
    const feed = serveFeed();
    const user = userEvent.setup();
    renderWithApp(<HomePage />);
    const trending = screen.getByRole('button', { name: 'Trending' });
    const latest = screen.getByRole('button', { name: 'Latest' });

    expect(latest).toHaveAttribute('aria-pressed', 'true');
    expect(trending).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(shownContents()).toEqual(['Newer and quiet', 'Older but loved']));

    await user.click(trending);
    expect(trending).toHaveAttribute('aria-pressed', 'true');
    expect(latest).toHaveAttribute('aria-pressed', 'false');
    expect(useSession.getState().trending).toBe(true);
    await waitFor(() => expect(shownContents()).toEqual(['Older but loved', 'Newer and quiet']));
    expect(feed).toHaveBeenLastCalledWith({ sort: 'trending', cursor: undefined });

    await user.click(latest);
    expect(shownContents()).toEqual(['Newer and quiet', 'Older but loved']);
  });

  it('re-applies the trending order when a like changes the counts (spec 4)', async () => {
    useSession.setState({ trending: true });
    serveFeed();
    const answer = deferred<{ post: CompactPost }>();
    vi.spyOn(compactApi, 'like').mockReturnValue(answer.promise);
    renderWithApp(<HomePage />);
    await waitFor(() => expect(shownContents()).toEqual(['Older but loved', 'Newer and quiet']));
    // On the click, 3 likes become 4: still behind 900. The answer says 901: first.
    const quiet = screen.getAllByRole('article')[1]!;
    await userEvent.click(within(quiet).getByRole('button', { name: 'Like' }));
    expect(shownContents()).toEqual(['Older but loved', 'Newer and quiet']);
    await act(async () => answer.resolve({ post: { ...newer, likeCount: 901, likedByMe: true } }));
    await waitFor(() => expect(shownContents()).toEqual(['Newer and quiet', 'Older but loved']));
  });

  it('puts a new post first without loading the feed again', async () => {
    const feed = serveFeed();
    const fresh = aCompactPost({ content: 'Fresh and quiet', createdAt: '2024-03-01T08:00:00+00:00' });
    vi.spyOn(compactApi, 'createPost').mockResolvedValue({ post: fresh });
    const user = userEvent.setup();
    renderWithApp(<HomePage />);
    await waitFor(() => expect(shownContents()).toHaveLength(2));
    await user.type(screen.getByRole('textbox', { name: 'Write a post' }), 'Fresh and quiet');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(shownContents()).toEqual(['Fresh and quiet', 'Newer and quiet', 'Older but loved']));
    expect(feed).toHaveBeenCalledTimes(1);
  });
});
