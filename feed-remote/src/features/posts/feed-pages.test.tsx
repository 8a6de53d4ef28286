import { aPost, aUser, logInAs, renderWithApp, summaryOf } from '@chirp/shared/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
