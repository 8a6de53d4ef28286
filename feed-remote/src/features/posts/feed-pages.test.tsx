import { api, ApiError, useSession } from '@chirp/shared';
import { aPost, aUser, logInAs, renderWithApp, summaryOf } from '@chirp/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import HomePage from '../home/home-page';
import BookmarksPage from '../bookmarks/bookmarks-page';
import ExplorePage from '../explore/explore-page';
import LikedPostsPage from '../liked-posts/liked-posts-page';

const me = aUser({ username: 'guestuser' });
const liked = aPost({ content: 'I like this one', likes: { likeCount: 1, likedBy: [summaryOf(me)], dislikedBy: [] } });
const plain = aPost({ content: 'Nothing special' });

describe('the explore page', () => {
  it('lists every post', () => {
    logInAs(me, { posts: [liked, plain] });
    renderWithApp(<ExplorePage />);
    const section = screen.getByRole('region', { name: 'Explore' });
    expect(within(section).getAllByRole('article')).toHaveLength(2);
  });
});

describe('a feed’s three states', () => {
  it('shows the empty text, not a loader, when the feed loaded with no posts', () => {
    logInAs(me, { posts: [] });
    renderWithApp(<ExplorePage />);
    expect(screen.getByText('No posts yet.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /loading posts/i })).toBeNull();
  });

  it('shows a loader while the posts are loading', () => {
    logInAs(me, { posts: [] });
    useSession.setState({ postsStatus: 'loading' });
    renderWithApp(<LikedPostsPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading posts');
  });

  it('shows why the feed failed and loads it again with Retry', async () => {
    logInAs(me, { posts: [] });
    useSession.setState({ postsStatus: 'failed', postsError: 'The server is down.' });
    vi.spyOn(api, 'getUsers').mockResolvedValue({ users: [me] });
    // The home page also asks for its first page alone when it has none: that one fails quietly.
    const getPosts = vi
      .spyOn(api, 'getPosts')
      .mockRejectedValueOnce(new ApiError(500, 'Still down.'))
      .mockRejectedValueOnce(new ApiError(500, 'Still down.'))
      .mockResolvedValue({ posts: [plain] });
    renderWithApp(<HomePage />);
    expect(screen.getByRole('alert')).toHaveTextContent('The server is down.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Still down.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Nothing special')).toBeInTheDocument();
    expect(getPosts).toHaveBeenCalledTimes(3);
  });
});

describe('the bookmarks page', () => {
  it('lists the bookmarked posts under Your Bookmarks', () => {
    logInAs({ ...me, bookmarks: [plain._id] }, { posts: [liked, plain] });
    renderWithApp(<BookmarksPage />);
    const section = screen.getByRole('region', { name: 'Your Bookmarks' });
    expect(within(section).getAllByRole('article')).toHaveLength(1);
    expect(within(section).getByText('Nothing special')).toBeInTheDocument();
  });

  it('says so when nothing is bookmarked', () => {
    logInAs({ ...me, bookmarks: [] }, { posts: [liked, plain] });
    renderWithApp(<BookmarksPage />);
    expect(screen.getByText('No Bookmark Posts!')).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });
});

describe('the liked posts page', () => {
  it('lists the posts the current user liked under Liked Post', () => {
    logInAs(me, { posts: [liked, plain] });
    renderWithApp(<LikedPostsPage />);
    const section = screen.getByRole('region', { name: 'Liked Post' });
    expect(within(section).getAllByRole('article')).toHaveLength(1);
    expect(within(section).getByText('I like this one')).toBeInTheDocument();
  });

  it('says so when nothing is liked', () => {
    logInAs(me, { posts: [plain] });
    renderWithApp(<LikedPostsPage />);
    expect(screen.getByText('No Liked Posts!')).toBeInTheDocument();
  });
});
