/**
 * Test helpers for every package's component tests (`@chirp/shared/testing`). Not part of the
 * runtime index, so no build ships them.
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { useSession } from '../store/session-store';
import { AppToaster } from '../toast/toaster';
import type { Post, User, UserSummary } from '../types';

let sequence = 0;

/** A user as the API returns one, with the sign-up defaults; each call has its own id and username. */
export function aUser(fields: Partial<User> = {}): User {
  sequence += 1;
  return {
    _id: `user-${sequence}`,
    username: `user${sequence}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    profilePic: '/avatars/avatar-1.svg',
    bookmarks: [],
    title: 'Add title',
    bio: 'Add bio',
    website: 'Add website',
    followers: [],
    following: [],
    createdAt: '2024-01-01T10:00:00+00:00',
    updatedAt: '2024-01-01T10:00:00+00:00',
    ...fields,
  };
}

/** A post as the API returns one, with no likes; each call has its own id and content. */
export function aPost(fields: Partial<Post> = {}): Post {
  sequence += 1;
  return {
    _id: `post-${sequence}`,
    content: `Post number ${sequence}`,
    username: 'someone',
    likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
    createdAt: '2024-03-05T09:30:00+01:00',
    updatedAt: '2024-03-05T09:30:00+01:00',
    ...fields,
  };
}

/** The short form of a user that posts' likes and users' follow lists carry. */
export const summaryOf = ({ _id, username, firstName, lastName, profilePic }: User): UserSummary => ({
  _id,
  username,
  firstName,
  lastName,
  profilePic,
});

/** A logged-in session in the one store: `me` plus other users, and the given posts (sorted as the store sorts). */
export function logInAs(me: User, { users = [], posts = [] }: { users?: User[]; posts?: Post[] } = {}) {
  useSession.getState().sessionReset();
  useSession.setState({ token: 'test-token', username: me.username, currentUser: me, bookmarks: me.bookmarks, sessionStatus: 'confirmed' });
  useSession.getState().usersLoaded([me, ...users]);
  useSession.getState().postsLoaded(posts);
  useSession.setState({ postsStatus: 'loaded' });
}

/** Renders inside a router (at `path`), with the toast outlet the shell provides. */
export function renderWithApp(ui: ReactElement, { path = '/home' }: { path?: string } = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {ui}
      <AppToaster />
    </MemoryRouter>,
  );
}

/** A promise whose settling the test controls: the back end "answers" when the test says so. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}
