import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/api-client';
import { STORAGE_KEYS } from '../constants';
import { aUser } from '../testing/fixtures';
import type { Post, User } from '../types';
import { sortPosts } from './post-order';
import { useSession } from './session-store';

const user = (username: string, extra: Partial<User> = {}): User =>
  aUser({ _id: `id-${username}`, username, firstName: username, lastName: 'Doe', ...extra });

const post = (id: string, username: string, likeCount: number, createdAt: string): Post => ({
  _id: id,
  content: id,
  username,
  likes: { likeCount, likedBy: [], dislikedBy: [] },
  createdAt,
  updatedAt: createdAt,
});

const older = post('older', 'ann', 900, '2026-01-01T10:00:00+00:00');
const newer = post('newer', 'bob', 5, '2026-01-02T10:00:00+00:00');

beforeEach(() => useSession.getState().sessionReset());
afterEach(() => vi.restoreAllMocks());

describe('post order', () => {
  it('shows newest first, or most liked first when trending', () => {
    expect(sortPosts([older, newer], false).map((p) => p._id)).toEqual(['newer', 'older']);
    expect(sortPosts([newer, older], true).map((p) => p._id)).toEqual(['older', 'newer']);
  });

  it('re-applies the trending order when a post changes', () => {
    const { postsLoaded, trendingChanged, postsChanged } = useSession.getState();
    postsLoaded([older, newer]);
    trendingChanged(true);
    postsChanged([{ ...newer, likes: { ...newer.likes, likeCount: 1000 } }]);
    expect(useSession.getState().allPosts.map((p) => p._id)).toEqual(['newer', 'older']);
  });
});

describe('session', () => {
  it('logs in: keeps the token and username, then loads users and posts', async () => {
    const ann = user('ann', { bookmarks: ['newer'] });
    vi.spyOn(api, 'login').mockResolvedValue({ foundUser: ann, encodedToken: 'jwt' });
    vi.spyOn(api, 'getUsers').mockResolvedValue({ users: [ann, user('bob')] });
    vi.spyOn(api, 'getPosts').mockResolvedValue({ posts: [older, newer] });

    await useSession.getState().logIn({ username: 'ann', password: 'secret123' });

    const state = useSession.getState();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt');
    expect(localStorage.getItem(STORAGE_KEYS.username)).toBe('ann');
    expect(state.currentUser?.username).toBe('ann');
    expect(state.bookmarks).toEqual(['newer']);
    expect(state.users).toHaveLength(2);
    expect(state.ownPosts.map((p) => p._id)).toEqual(['older']);
  });

  it('refreshes the current user whenever the users list changes', () => {
    useSession.setState({ username: 'ann' });
    useSession.getState().usersLoaded([user('ann', { title: 'First' })]);
    useSession.getState().usersLoaded([user('ann', { title: 'Second', bookmarks: ['x'] })]);
    expect(useSession.getState().currentUser?.title).toBe('Second');
    expect(useSession.getState().bookmarks).toEqual(['x']);
  });

  it('signs up without a session and fills the login form with the new credentials', async () => {
    vi.spyOn(api, 'signup').mockResolvedValue({ createdUser: user('new'), encodedToken: 'jwt' });
    vi.spyOn(api, 'getUsers').mockResolvedValue({ users: [user('new')] });

    await useSession.getState().signUp({ username: 'new', password: 'password1', firstName: 'N', lastName: 'U' });

    expect(useSession.getState().token).toBeNull();
    expect(useSession.getState().loginForm).toEqual({ username: 'new', password: 'password1' });
  });

  it('logging out clears local storage and every piece of session state', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'jwt');
    localStorage.setItem('something-else', 'x');
    useSession.setState({ token: 'jwt', username: 'ann', currentUser: user('ann'), composerText: 'draft' });

    useSession.getState().loggedOut();

    expect(localStorage.length).toBe(0);
    expect(useSession.getState()).toMatchObject({ token: null, username: null, currentUser: null, composerText: '' });
    expect(useSession.getState().signedOut).toBe(false);
  });

  it('remembers a sign-out by the user until the next login, and an expiry not at all', async () => {
    useSession.setState({ token: 'jwt' });
    useSession.getState().loggedOut({ bySignOut: true });
    expect(useSession.getState().signedOut).toBe(true);

    vi.spyOn(api, 'login').mockResolvedValue({ foundUser: user('ann'), encodedToken: 'jwt' });
    vi.spyOn(api, 'getUsers').mockResolvedValue({ users: [user('ann')] });
    vi.spyOn(api, 'getPosts').mockResolvedValue({ posts: [] });
    await useSession.getState().logIn({ username: 'ann', password: 'password1' });
    expect(useSession.getState().signedOut).toBe(false);

    useSession.getState().loggedOut();
    expect(useSession.getState().signedOut).toBe(false);
  });
});
