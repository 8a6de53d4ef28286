import { type CompactPost, type PostPage } from '@chirp/contracts';
import { ApiError, compactApi, toast } from '@chirp/session';
import { aCompactPost, aPostPage, aProfile, deferred, logInAs, renderWithApp } from '@chirp/session/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BookmarksPage from './bookmarks/bookmarks-page';
import ExplorePage from './explore/explore-page';
import LikedPostsPage from './liked-posts/liked-posts-page';

const me = aProfile({ username: 'guestuser' });
const liked = aCompactPost({ content: 'I like this one', likeCount: 1, likedByMe: true });
const saved = aCompactPost({ content: 'Saved for later', bookmarkedByMe: true });
const plain = aCompactPost({ content: 'Nothing special' });
const plainLiked = aCompactPost({ content: 'Liked as well', likeCount: 2, likedByMe: true });

beforeEach(() => {
  toast.remove();
  logInAs(me);
});
afterEach(() => vi.restoreAllMocks());

describe('the explore page', () => {
  it('lists every post, newest first, a page at a time', async () => {
    const feed = vi.spyOn(compactApi, 'feed').mockResolvedValue(aPostPage([liked, saved, plain]));
    renderWithApp(<ExplorePage />);
    const section = screen.getByRole('region', { name: 'Explore' });
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(3));
    expect(feed).toHaveBeenCalledWith({ sort: 'latest', cursor: undefined });
  });
});

describe('a feed’s three states', () => {
  it('shows the empty text, not a loader, when the feed loaded with no posts', async () => {
    vi.spyOn(compactApi, 'feed').mockResolvedValue(aPostPage([]));
    renderWithApp(<ExplorePage />);
    expect(await screen.findByText('No posts yet.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a loader while the posts are loading', async () => {
    const page = deferred<PostPage>();
    vi.spyOn(compactApi, 'likedPosts').mockReturnValue(page.promise);
    renderWithApp(<LikedPostsPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading posts');
    page.resolve(aPostPage([liked]));
    expect(await screen.findByText('I like this one')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows why the feed failed and loads it again with Retry', async () => {
    const feed = vi
      .spyOn(compactApi, 'feed')
      .mockRejectedValueOnce(new ApiError(500, 'The server is down.'))
      .mockRejectedValueOnce(new ApiError(500, 'Still down.'))
      .mockResolvedValue(aPostPage([plain]));
    renderWithApp(<ExplorePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is down.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Still down.'));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Nothing special')).toBeInTheDocument();
    expect(feed).toHaveBeenCalledTimes(3);
  });
});

describe('the bookmarks page', () => {
  it('lists the bookmarked posts under Your Bookmarks', async () => {
    vi.spyOn(compactApi, 'bookmarkedPosts').mockResolvedValue(aPostPage([saved]));
    renderWithApp(<BookmarksPage />);
    const section = screen.getByRole('region', { name: 'Your Bookmarks' });
    expect(await within(section).findByText('Saved for later')).toBeInTheDocument();
    expect(within(section).getAllByRole('article')).toHaveLength(1);
  });

  it('says so when nothing is bookmarked', async () => {
    vi.spyOn(compactApi, 'bookmarkedPosts').mockResolvedValue(aPostPage([]));
    renderWithApp(<BookmarksPage />);
    expect(await screen.findByText('No Bookmark Posts!')).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('lets a post go at once when its bookmark is removed, and keeps it gone', async () => {
    vi.spyOn(compactApi, 'bookmarkedPosts').mockResolvedValue(aPostPage([saved]));
    const answer = deferred<{ postId: string; bookmarkedByMe: boolean }>();
    vi.spyOn(compactApi, 'removeBookmark').mockReturnValue(answer.promise);
    renderWithApp(<BookmarksPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Bookmark' }));
    expect(screen.getByText('No Bookmark Posts!')).toBeInTheDocument();
    answer.resolve({ postId: saved._id, bookmarkedByMe: false });
    expect(await screen.findByText('Post removed from Bookmark !')).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });
});

describe('the bookmarks page, when the back end refuses', () => {
  it('brings an unbookmarked post back and says why', async () => {
    vi.spyOn(compactApi, 'bookmarkedPosts').mockResolvedValue(aPostPage([saved]));
    const answer = deferred<{ postId: string; bookmarkedByMe: boolean }>();
    vi.spyOn(compactApi, 'removeBookmark').mockReturnValue(answer.promise);
    const user = userEvent.setup();
    renderWithApp(<BookmarksPage />);

    await user.click(await screen.findByRole('button', { name: 'Bookmark' }));
    expect(screen.getByText('No Bookmark Posts!')).toBeInTheDocument();
    await act(async () => answer.reject(new ApiError(400, 'This post is not bookmarked yet.')));
    expect(await screen.findByText('This post is not bookmarked yet.')).toBeInTheDocument();
    expect(screen.getByText('Saved for later')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('the liked posts page', () => {
  it('lists the posts the current user liked under Liked Post', async () => {
    const likedPosts = vi.spyOn(compactApi, 'likedPosts').mockResolvedValue(aPostPage([liked]));
    renderWithApp(<LikedPostsPage />);
    const section = screen.getByRole('region', { name: 'Liked Post' });
    expect(await within(section).findByText('I like this one')).toBeInTheDocument();
    expect(within(section).getAllByRole('article')).toHaveLength(1);
    expect(likedPosts).toHaveBeenCalledWith('guestuser', { cursor: undefined });
  });

  it('says so when nothing is liked', async () => {
    vi.spyOn(compactApi, 'likedPosts').mockResolvedValue(aPostPage([]));
    renderWithApp(<LikedPostsPage />);
    expect(await screen.findByText('No Liked Posts!')).toBeInTheDocument();
  });

  it('lets a post go at once when it is unliked, and keeps it gone', async () => {
    const likedPosts = vi.spyOn(compactApi, 'likedPosts').mockResolvedValue(aPostPage([liked, plainLiked]));
    const answer = deferred<{ post: CompactPost }>();
    const dislike = vi.spyOn(compactApi, 'dislike').mockReturnValue(answer.promise);
    const user = userEvent.setup();
    renderWithApp(<LikedPostsPage />);
    const article = (await screen.findByText('I like this one')).closest('article')!;

    await user.click(within(article).getByRole('button', { name: 'Like' }));
    expect(screen.queryByText('I like this one')).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(dislike).toHaveBeenCalledWith(liked._id);

    await act(async () => answer.resolve({ post: { ...liked, likeCount: 0, likedByMe: false, dislikedByMe: true } }));
    expect(await screen.findByText('Post Disliked !')).toBeInTheDocument();
    expect(screen.queryByText('I like this one')).toBeNull();
    expect(screen.getByText('Liked as well')).toBeInTheDocument();
    expect(likedPosts).toHaveBeenCalledTimes(1);
  });

  it('brings an unliked post back when the back end refuses', async () => {
    vi.spyOn(compactApi, 'likedPosts').mockResolvedValue(aPostPage([liked]));
    const answer = deferred<{ post: CompactPost }>();
    vi.spyOn(compactApi, 'dislike').mockReturnValue(answer.promise);
    const user = userEvent.setup();
    renderWithApp(<LikedPostsPage />);

    await user.click(await screen.findByRole('button', { name: 'Like' }));
    expect(screen.getByText('No Liked Posts!')).toBeInTheDocument();
    await act(async () => answer.reject(new ApiError(400, 'Cannot decrement like less than 0.')));
    expect(await screen.findByText('Cannot decrement like less than 0.')).toBeInTheDocument();
    expect(screen.getByText('I like this one')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText('No Liked Posts!')).toBeNull();
  });
});
