import type { PeoplePage, PostPage } from '@chirp/contracts';
import { ApiError, compactApi } from '@chirp/session';
import { aCompactPost, aPostPage, logInAs } from '@chirp/session/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router-dom';
import { cardOf, FakePostList, makeGuest, makePerson, renderInApp } from '../../testing/session';
import SearchPage from './search-page';

function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{`${pathname}${search}`}</output>;
}

const me = makeGuest();
const ada = makePerson('ada', { firstName: 'Ada', lastName: 'Lovelace' });

beforeEach(() => {
  logInAs(me);
  vi.spyOn(compactApi, 'searchPeople').mockImplementation(async (text: string): Promise<PeoplePage> => ({
    users: text.toLowerCase().includes('ada') ? [cardOf(ada)] : [],
    nextCursor: null,
  }));
  vi.spyOn(compactApi, 'searchPosts').mockImplementation(
    async (text: string): Promise<PostPage> => aPostPage(text.toLowerCase().includes('coff') ? [aCompactPost({ content: 'Good coffee' })] : []),
  );
});
afterEach(() => vi.restoreAllMocks());

const show = (path: string) =>
  renderInApp(
    <>
      <SearchPage PostList={FakePostList} />
      <Address />
    </>,
    path,
  );

describe('the search page', () => {
  it('offers Follow beside each person found, as the suggestions do, and none beside oneself', async () => {
    vi.mocked(compactApi.searchPeople).mockResolvedValue({ users: [cardOf(ada), cardOf(me)], nextCursor: null });
    const follow = vi.spyOn(compactApi, 'follow').mockResolvedValue({ user: me, followUser: { ...ada, followedByMe: true } });
    show('/search?q=ada');
    const people = await screen.findByRole('list', { name: 'People matching ada' });
    expect(within(people).getAllByRole('button').map((button) => button.textContent)).toEqual(['Follow']);
    await userEvent.click(within(people).getByRole('button', { name: 'Follow' }));
    expect(within(people).getByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(follow).toHaveBeenCalledWith('id-ada');
  });

  it('shows the people who match first, and the posts in their own tab', async () => {
    show('/search?q=ada');
    expect(screen.getByRole('heading', { level: 1, name: 'Search results for “ada”' })).toBeInTheDocument();
    const people = await screen.findByRole('list', { name: 'People matching ada' });
    expect(within(people).getByRole('link', { name: /Ada Lovelace/ })).toHaveAttribute('href', '/profile/ada');
    expect(screen.getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(screen.getByRole('tab', { name: 'Posts' }));
    const posts = screen.getByRole('list', { name: 'Posts matching ada' });
    expect(posts).toHaveTextContent(JSON.stringify({ kind: 'search', text: 'ada' }));
    expect(posts).toHaveTextContent('No posts match “ada”.');
  });

  it('opens on the posts when nobody matches and posts do; People is a click away, and the address keeps the choice', async () => {
    show('/search?q=coff');
    expect(await screen.findByRole('tab', { name: 'Posts', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Posts matching coff' })).toHaveTextContent('"text":"coff"');

    await userEvent.click(screen.getByRole('tab', { name: 'People' }));
    expect(screen.getByText('No such user is there...')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/search?q=coff&tab=people');
  });

  it('opens the tab the address names, whatever matches', () => {
    show('/search?q=ada&tab=posts');
    expect(screen.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('list', { name: 'Posts matching ada' })).toHaveTextContent('"text":"ada"');
  });

  it('opens a #tag on its posts', () => {
    show(`/search?q=${encodeURIComponent('#sourdough')}`);
    expect(screen.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('list', { name: 'Posts matching #sourdough' })).toHaveTextContent('"text":"#sourdough"');
  });

  it("says 'No such user is there...' when neither people nor posts match", async () => {
    show('/search?q=zzz');
    expect(await screen.findByText('No such user is there...')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');
  });

  it('searches again from its own box, and says what to do with no search', async () => {
    show('/search');
    expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(screen.getByText('Search for people by name, or for posts by a word or a #tag.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search people and posts' }), '  ada ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/search?q=ada');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for “ada”' })).toBeInTheDocument();
  });

  it('shows a failed search with Retry', async () => {
    vi.mocked(compactApi.searchPeople).mockRejectedValueOnce(new ApiError(500, 'The search failed.'));
    show('/search?q=ada');
    expect(await screen.findByRole('alert')).toHaveTextContent('The search failed.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'People matching ada' })).toBeInTheDocument();
  });
});
