/** The kernel's session store, with the query definitions' cache updates installed (as the shell does). */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@chirp/contracts';
import { compactApi, queryClient, useSession } from '@chirp/session';
import { aCompactPost, aPostPage, aProfile } from '@chirp/session/testing';
import { homeListAt, queryKeys } from './keys';
import { installCacheUpdates, prefetchOpeningList } from './live-cache';

const older = aCompactPost({ _id: 'older', likeCount: 900, createdAt: '2026-01-01T10:00:00+00:00' });
const newer = aCompactPost({ _id: 'newer', likeCount: 5, createdAt: '2026-01-02T10:00:00+00:00' });

let uninstall: () => void;
beforeAll(() => (uninstall = installCacheUpdates()));
afterAll(() => uninstall());

beforeEach(() => {
  useSession.getState().sessionReset();
  queryClient.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('session', () => {
  it('logs in: keeps the token and username, knows who is signed in, and starts loading the home feed (its Following list)', async () => {
    const ann = aProfile({ username: 'ann', followingCount: 3 });
    vi.spyOn(compactApi, 'login').mockResolvedValue({ foundUser: ann, encodedToken: 'jwt' });
    const feed = vi.spyOn(compactApi, 'followingPosts').mockResolvedValue(aPostPage([newer, older]));
    await useSession.getState().logIn({ username: 'ann', password: 'secret123' });
    const state = useSession.getState();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt');
    expect(localStorage.getItem(STORAGE_KEYS.username)).toBe('ann');
    expect(state).toMatchObject({ currentUser: ann, sessionStatus: 'confirmed' });
    // Only the first page of one list, never every post and user.
    expect(feed).toHaveBeenCalledWith({ sort: 'latest', cursor: undefined });
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.postList({ kind: 'following', sort: 'latest' }))).toBeDefined());
    expect(queryClient.getQueryData(queryKeys.profile('ann'))).toEqual(ann);
    expect(state).not.toHaveProperty('allPosts');
    expect(state).not.toHaveProperty('users');
  });

  describe('a stored session confirmed at start', () => {
    const ann = aProfile({ username: 'ann' });
    afterEach(() => window.history.replaceState(null, '', '/'));

    it('on /home, starts loading the list Home opens on: Following, newest first', async () => {
      window.history.replaceState(null, '', '/home');
      const following = vi.spyOn(compactApi, 'followingPosts').mockResolvedValue(aPostPage([newer]));
      const everyone = vi.spyOn(compactApi, 'feed').mockResolvedValue(aPostPage([]));
      useSession.getState().confirmSession(ann);
      expect(following).toHaveBeenCalledWith({ sort: 'latest', cursor: undefined });
      await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.postList(homeListAt('')))).toBeDefined());
      expect(everyone).not.toHaveBeenCalled();
    });

    it('on /home?feed=everyone, starts loading Everyone’s list', () => {
      window.history.replaceState(null, '', '/home?feed=everyone');
      const following = vi.spyOn(compactApi, 'followingPosts').mockResolvedValue(aPostPage([]));
      const everyone = vi.spyOn(compactApi, 'feed').mockResolvedValue(aPostPage([newer]));
      useSession.getState().confirmSession(ann);
      expect(everyone).toHaveBeenCalledWith({ sort: 'latest', cursor: undefined });
      expect(following).not.toHaveBeenCalled();
    });

    it('asked for before the session is confirmed (the shell does, beside the check), is not fetched again on confirmation', async () => {
      window.history.replaceState(null, '', '/home');
      const following = vi.spyOn(compactApi, 'followingPosts').mockResolvedValue(aPostPage([newer]));
      prefetchOpeningList();
      expect(following).toHaveBeenCalledTimes(1);
      useSession.getState().confirmSession(ann);
      await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.postList(homeListAt('')))).toBeDefined());
      expect(following).toHaveBeenCalledTimes(1);
    });

    it('elsewhere, loads no list of its own', () => {
      window.history.replaceState(null, '', '/explore');
      const following = vi.spyOn(compactApi, 'followingPosts').mockResolvedValue(aPostPage([]));
      const everyone = vi.spyOn(compactApi, 'feed').mockResolvedValue(aPostPage([]));
      useSession.getState().confirmSession(ann);
      expect(following).not.toHaveBeenCalled();
      expect(everyone).not.toHaveBeenCalled();
      expect(queryClient.getQueryData(queryKeys.profile('ann'))).toEqual(ann);
    });
  });

  it('keeps the signed-in person’s full name for the next start, and forgets it on sign-out', async () => {
    const ann = aProfile({ _id: 'u1', username: 'ann', firstName: 'Ann', lastName: 'Lee' });
    const token = `e30.${btoa(JSON.stringify({ _id: 'u1', username: 'ann' })).replace(/=+$/, '')}.c2ln`;
    vi.spyOn(compactApi, 'login').mockResolvedValue({ foundUser: ann, encodedToken: token });
    vi.spyOn(compactApi, 'followingPosts').mockResolvedValue(aPostPage([]));
    await useSession.getState().logIn({ username: 'ann', password: 'secret123' });
    expect(useSession.getState().displayName).toBe('Ann Lee');

    // The next start, before (or without) the back end's answer: the session knows the name.
    useSession.getState().sessionReset();
    expect(useSession.getState()).toMatchObject({ token, currentUser: null, displayName: 'Ann Lee' });

    useSession.getState().logOut({ bySignOut: true });
    expect(useSession.getState().displayName).toBeNull();
  });

  it('signs up and signs the newcomer in at once, as a log-in does', async () => {
    const ada = aProfile({ username: 'ada', firstName: 'Ada', lastName: 'Lovelace' });
    const signup = vi.spyOn(compactApi, 'signup').mockResolvedValue({ createdUser: ada, encodedToken: 'jwt-of-ada' });
    vi.spyOn(compactApi, 'followingPosts').mockResolvedValue(aPostPage([]));
    queryClient.setQueryData(queryKeys.peopleList({ kind: 'suggestions' }), { pages: [], pageParams: [] });
    await useSession.getState().signUp({ username: 'ada', password: 'password1', firstName: 'Ada', lastName: 'Lovelace' });
    expect(signup).toHaveBeenCalledWith({ username: 'ada', password: 'password1', firstName: 'Ada', lastName: 'Lovelace' });
    expect(useSession.getState()).toMatchObject({ token: 'jwt-of-ada', username: 'ada', currentUser: ada, sessionStatus: 'confirmed' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt-of-ada');
    // What the lists held before (without the newcomer) is gone.
    expect(queryClient.getQueryData(queryKeys.peopleList({ kind: 'suggestions' }))).toBeUndefined();
  });

  it('logging out clears local storage but the device’s theme, every piece of session state and the query cache', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'jwt');
    localStorage.setItem('something-else', 'x');
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    queryClient.setQueryData(queryKeys.profile('ann'), aProfile({ username: 'ann' }));
    useSession.setState({ token: 'jwt', username: 'ann', currentUser: aProfile() });
    useSession.setState({ optimistic: { 'like:x': true } });
    useSession.getState().logOut();
    expect({ ...localStorage }).toEqual({ [STORAGE_KEYS.theme]: 'dark' });
    expect(useSession.getState()).toMatchObject({ token: null, username: null, currentUser: null });
    expect(useSession.getState().optimistic).toEqual({});
    expect(useSession.getState().signedOut).toBe(false);
    expect(queryClient.getQueryData(queryKeys.profile('ann'))).toBeUndefined();
  });

  it('remembers a sign-out by the user until the next login, and an expiry not at all', async () => {
    useSession.setState({ token: 'jwt' });
    useSession.getState().logOut({ bySignOut: true });
    expect(useSession.getState().signedOut).toBe(true);
    vi.spyOn(compactApi, 'login').mockResolvedValue({ foundUser: aProfile({ username: 'ann' }), encodedToken: 'jwt' });
    vi.spyOn(compactApi, 'followingPosts').mockResolvedValue(aPostPage([]));
    await useSession.getState().logIn({ username: 'ann', password: 'password1' });
    expect(useSession.getState().signedOut).toBe(false);
    useSession.getState().logOut();
    expect(useSession.getState().signedOut).toBe(false);
  });

  it('follows the signed-in person’s profile when it changes, and no one else’s', () => {
    const ann = aProfile({ username: 'ann' });
    useSession.setState({ currentUser: ann });
    useSession.getState().setCurrentUser({ ...ann, bio: 'New bio' });
    expect(useSession.getState().currentUser?.bio).toBe('New bio');
    useSession.getState().setCurrentUser(aProfile({ username: 'bob' }));
    expect(useSession.getState().currentUser?.username).toBe('ann');
  });

  it('learns who is signed in from a change when the start-up check could not reach the back end', () => {
    useSession.setState({ token: 'jwt', username: 'ann', currentUser: null });
    useSession.getState().setCurrentUser(aProfile({ username: 'bob' }));
    expect(useSession.getState().currentUser).toBeNull();
    useSession.getState().setCurrentUser(aProfile({ username: 'ann', bio: 'Back' }));
    expect(useSession.getState().currentUser?.bio).toBe('Back');
  });
});
