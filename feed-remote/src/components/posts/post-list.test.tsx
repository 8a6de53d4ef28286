import { type PostPage } from '@chirp/contracts';
import { ApiError, compactApi } from '@chirp/session';
import { aCompactPost, aPostPage, aProfile, logInAs, renderWithApp } from '@chirp/session/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PostList, { PLAIN_LIST_MAX, PostListView } from './post-list';

const me = aProfile({ username: 'guestuser' });
const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
const posts = (count: number, label = 'post') =>
  Array.from({ length: count }, (_, index) => aCompactPost({ content: `${label} ${index + 1}` }));

/** Pages of the user's posts: the first call the first page, a cursor `c{n}` page n + 1. */
function servePages(...pages: PostPage['posts'][]) {
  return vi.spyOn(compactApi, 'userPosts').mockImplementation(async (_username, query = {}) => {
    const index = query.cursor ? Number(query.cursor.slice(1)) : 0;
    return aPostPage(pages[index] ?? [], index + 1 < pages.length ? `c${index + 1}` : null);
  });
}

const SOURCE = { kind: 'user', username: 'ada' } as const;

beforeEach(() => logInAs(me));
afterEach(() => vi.restoreAllMocks());

describe('the post list', () => {
  it('shows the empty text when the source has no post', async () => {
    servePages([]);
    renderWithApp(<PostList source={SOURCE} emptyText="Add a Post!" label="Posts" />);
    expect(screen.getByText('Loading posts')).toBeInTheDocument();
    expect(await screen.findByText('Add a Post!')).toBeInTheDocument();
    expect(screen.queryByRole('feed')).toBeNull();
  });

  it('is a feed named by its label, each post an article placed in the whole', async () => {
    servePages(posts(2));
    renderWithApp(<PostList source={SOURCE} emptyText="none" label="Liked Posts" />);
    expect(await screen.findByRole('feed', { name: 'Liked Posts' })).toBeInTheDocument();
    const articles = screen.getAllByRole('article');
    expect(articles.map((article) => article.getAttribute('aria-posinset'))).toEqual(['1', '2']);
    expect(articles[0]).toHaveAttribute('aria-setsize', '2');
  });

  it('asks for the next page as its end comes near, and sizes the list as unknown until the last', async () => {
    const userPosts = servePages(posts(20, 'first'), posts(5, 'second'));
    renderWithApp(<PostList source={SOURCE} emptyText="none" label="Posts" />);
    // happy-dom measures every card 0 px tall: all are in the viewport, so the end is near at once (the
    // home page's tests give cards a height and scroll to show the list waits for the end to come near).
    // Two pages of 20 and 5 cards to render: a busy machine (tests side by side) takes more than a second.
    expect(await screen.findByText('second 5', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(userPosts.mock.calls).toEqual([
      ['ada', { cursor: undefined }],
      ['ada', { cursor: 'c1' }],
    ]);
    expect(screen.getAllByRole('article')[0]).toHaveAttribute('aria-setsize', '25');
  });

  it('says why the next page did not come, and asks again on Retry', async () => {
    const userPosts = servePages(posts(20, 'first'), posts(1, 'second'));
    userPosts.mockImplementationOnce(async () => aPostPage(posts(20, 'first'), 'c1'));
    userPosts.mockRejectedValueOnce(new ApiError(503, 'The server is busy. Please try again.'));
    renderWithApp(<PostList source={SOURCE} emptyText="none" label="Posts" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy. Please try again.');
    expect(screen.getAllByRole('article')[0]).toHaveAttribute('aria-setsize', '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('second 1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why the list could not load, and loads it again with Retry', async () => {
    const userPosts = servePages(posts(1, 'back'));
    userPosts.mockRejectedValueOnce(new ApiError(500, 'The server had a problem. Please try again.'));
    renderWithApp(<PostList source={SOURCE} emptyText="none" label="Posts" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The server had a problem. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('back 1')).toBeInTheDocument();
  });

  describe('with measurable cards', () => {
    // happy-dom lays nothing out: give every element a card's height.
    beforeEach(() => {
      Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 200 });
    });
    afterEach(() => {
      if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
    });

    it('keeps only the posts near the viewport in the DOM, however long the list', async () => {
      renderWithApp(<PostListView posts={posts(10_000)} emptyText="none" label="All posts" />);
      // Windowed once the windowed list's code is here: the feed has the whole list's height.
      await waitFor(() => expect(screen.getByRole('feed').style.height).not.toBe(''));
      const count = screen.getAllByRole('article').length;
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(30);
    });

    it('has every post of a short list in the DOM, in the page flow', () => {
      renderWithApp(<PostListView posts={posts(PLAIN_LIST_MAX)} emptyText="none" label="All posts" />);
      expect(screen.getAllByRole('article')).toHaveLength(PLAIN_LIST_MAX);
      expect(screen.getByRole('feed').style.height).toBe('');
    });

    it('turns windowed as it grows past the limit, with the focus where it was', async () => {
      const shown = posts(PLAIN_LIST_MAX + 20);
      const more = { available: true, loading: false, error: '', load: vi.fn() };
      let nextPage!: () => void;
      function Growing() {
        const [count, setCount] = useState(PLAIN_LIST_MAX);
        nextPage = () => setCount(shown.length);
        return <PostListView posts={shown.slice(0, count)} emptyText="none" label="All posts" more={more} />;
      }
      renderWithApp(<Growing />);
      const like = () => within(screen.getByText('post 3').closest('article')!).getByRole('button', { name: 'Like' });
      like().focus();
      act(() => nextPage());
      await waitFor(() => expect(screen.getByRole('feed').style.height).not.toBe(''));
      expect(screen.getAllByRole('article').length).toBeLessThan(shown.length);
      expect(like()).toHaveFocus();
    });

    it('does not ask for the next page while the end is far below', async () => {
      const load = vi.fn();
      renderWithApp(
        <PostListView posts={posts(200)} emptyText="none" label="All posts" more={{ available: true, loading: false, error: '', load }} />,
      );
      await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(0));
      expect(load).not.toHaveBeenCalled();
    });
  });
});
