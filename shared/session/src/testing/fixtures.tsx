/**
 * Test helpers for every package's component tests (`@chirp/session/testing`). Not part of the
 * runtime index, so no build ships them.
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { liveEventHeard, type LiveSignal } from '../live/live-source';
import { queryClient } from '../query/query-client';
import { useSession } from '../store/session-store';
import { AppToaster } from '../toast/toaster';
import type { CompactPost, Post, PostPage, Profile, User, UserSummary } from '@chirp/contracts';

let sequence = 0;

/** What every person the fixtures make has: their own id and username, and the sign-up defaults. */
function aPerson() {
  sequence += 1;
  return {
    _id: `user-${sequence}`,
    username: `user${sequence}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    profilePic: '/avatars/avatar-1.svg',
    title: 'Add title',
    bio: 'Add bio',
    website: 'Add website',
    createdAt: '2024-01-01T10:00:00+00:00',
    updatedAt: '2024-01-01T10:00:00+00:00',
  };
}

/** A user as the API returns one, with the sign-up defaults; each call has its own id and username. */
export function aUser(fields: Partial<User> = {}): User {
  return { ...aPerson(), bookmarks: [], followers: [], following: [], ...fields };
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

/** A profile as the compact API answers one (counts, whether the caller follows them). */
export function aProfile(fields: Partial<Profile> = {}): Profile {
  return { ...aPerson(), followedByMe: false, postCount: 0, followerCount: 0, followingCount: 0, ...fields };
}

/** A post as the compact API answers one: by `author` (default: someone), no likes. */
export function aCompactPost(fields: Partial<CompactPost> = {}, author: UserSummary = summaryOf(aProfile({ username: 'someone' }))): CompactPost {
  sequence += 1;
  return {
    _id: `post-${sequence}`,
    content: `Post number ${sequence}`,
    username: author.username,
    author,
    likeCount: 0,
    likedByMe: false,
    dislikedByMe: false,
    bookmarkedByMe: false,
    createdAt: '2024-03-05T09:30:00+01:00',
    updatedAt: '2024-03-05T09:30:00+01:00',
    replyCount: 0,
    mentions: [],
    ...fields,
  };
}

/** One page of posts, the last one unless `nextCursor` says otherwise. */
export const aPostPage = (posts: CompactPost[], nextCursor: string | null = null): PostPage => ({ posts, nextCursor });

/** The short form of a person that posts and lists of people carry. */
export const summaryOf = ({ _id, username, firstName, lastName, profilePic }: UserSummary): UserSummary => ({
  _id,
  username,
  firstName,
  lastName,
  profilePic,
});

/** A signed-in session in the one store, as `me`, with an empty query cache. */
export function logInAs(me: Profile) {
  useSession.getState().sessionReset();
  queryClient.clear();
  useSession.setState({ token: 'test-token', username: me.username, currentUser: me, sessionStatus: 'confirmed' });
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

/** A live event reaching the page, as the live connection hands it to the listeners (`onLiveEvent`). */
export function hearLiveEvent(event: LiveSignal): void {
  liveEventHeard(event);
}
