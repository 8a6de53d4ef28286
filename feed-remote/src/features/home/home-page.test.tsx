import { api, useSession } from '@chirp/shared';
import { aPost, aUser, deferred, logInAs, renderWithApp } from '@chirp/shared/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import HomePage from './home-page';

const me = aUser({ username: 'guestuser' });
const older = aPost({ content: 'Older but loved', createdAt: '2024-01-01T08:00:00+00:00', likes: { likeCount: 900, likedBy: [], dislikedBy: [] } });
const newer = aPost({ content: 'Newer and quiet', createdAt: '2024-02-01T08:00:00+00:00', likes: { likeCount: 3, likedBy: [], dislikedBy: [] } });

const shownContents = () =>
  screen.getAllByRole('article').map((article) => within(article).getByText(/loved|quiet/).textContent);

describe('the home page', () => {
  it('is a section titled by its heading, with the composer and the Latest Posts list', () => {
    logInAs(me, { posts: [older, newer] });
    renderWithApp(<HomePage />);
    const section = screen.getByRole('region', { name: 'Home' });
    expect(section.tagName).toBe('SECTION');
    expect(screen.queryByRole('main')).toBeNull();
    expect(within(section).getByRole('textbox', { name: 'Write a post' })).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Latest Posts' })).toBeInTheDocument();
    expect(within(section).getByRole('feed', { name: 'Latest Posts' })).toBeInTheDocument();
  });

  it('shows a loader while no posts are loaded', () => {
    vi.spyOn(api, 'getPosts').mockReturnValue(new Promise(() => {}));
    logInAs(me, { posts: [] });
    useSession.setState({ postsStatus: 'loading' });
    renderWithApp(<HomePage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading posts');
    act(() => useSession.getState().postsLoaded([older]));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('shows the first page of a long feed while the whole list is still on its way', async () => {
    const page = deferred<{ posts: typeof older[] }>();
    const getPosts = vi.spyOn(api, 'getPosts').mockReturnValue(page.promise);
    logInAs(me, { posts: [] });
    renderWithApp(<HomePage />);
    expect(getPosts).toHaveBeenCalledWith({ limit: 20, sort: 'latest' });

    await act(async () => page.resolve({ posts: [newer] }));
    expect(shownContents()).toEqual(['Newer and quiet']);
    act(() => useSession.getState().postsLoaded([older, newer])); // the whole list replaces the page
    expect(shownContents()).toEqual(['Newer and quiet', 'Older but loved']);
  });

  it('ignores the first page when the whole list came first', async () => {
    const page = deferred<{ posts: typeof older[] }>();
    vi.spyOn(api, 'getPosts').mockReturnValue(page.promise);
    logInAs(me, { posts: [] });
    renderWithApp(<HomePage />);
    act(() => useSession.getState().postsLoaded([older, newer]));
    await act(async () => page.resolve({ posts: [newer] }));
    expect(shownContents()).toEqual(['Newer and quiet', 'Older but loved']);
  });

  it('shows the newest first, and the most liked first when Trending is chosen', async () => {
    logInAs(me, { posts: [older, newer] });
    const user = userEvent.setup();
    renderWithApp(<HomePage />);
    const trending = screen.getByRole('button', { name: 'Trending' });
    const latest = screen.getByRole('button', { name: 'Latest' });

    expect(latest).toHaveAttribute('aria-pressed', 'true');
    expect(trending).toHaveAttribute('aria-pressed', 'false');
    expect(shownContents()).toEqual(['Newer and quiet', 'Older but loved']);

    await user.click(trending);
    expect(trending).toHaveAttribute('aria-pressed', 'true');
    expect(latest).toHaveAttribute('aria-pressed', 'false');
    expect(useSession.getState().trending).toBe(true);
    expect(shownContents()).toEqual(['Older but loved', 'Newer and quiet']);

    await user.click(latest);
    expect(shownContents()).toEqual(['Newer and quiet', 'Older but loved']);
  });
});
