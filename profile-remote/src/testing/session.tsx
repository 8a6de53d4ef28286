import { type Post, toast, type User, type UserSummary } from '@chirp/shared';
import { aPost, aUser, renderWithApp } from '@chirp/shared/testing';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router-dom';

/** A user as the API returns one; `following` and `followers` name usernames. */
export function makeUser(
  username: string,
  fields: Partial<Omit<User, 'following' | 'followers'>> & { following?: string[]; followers?: string[] } = {},
): User {
  const { following = [], followers = [], ...rest } = fields;
  return aUser({
    _id: `id-${username}`,
    username,
    firstName: username.charAt(0).toUpperCase() + username.slice(1),
    lastName: 'Tester',
    profilePic: `/avatars/${username}.png`,
    ...rest,
    following: following.map(summary),
    followers: followers.map(summary),
  });
}

/** The current user of most tests, with a real title, bio and website. */
export function makeGuest(fields: Parameters<typeof makeUser>[1] = {}): User {
  return makeUser('guestuser', {
    firstName: 'Guest',
    lastName: 'User',
    title: 'Chief tester',
    bio: 'Tries every button.',
    website: 'https://chirp.example/guest',
    ...fields,
  });
}

function summary(username: string): UserSummary {
  return { _id: `id-${username}`, username, firstName: username, lastName: 'Tester', profilePic: '' };
}

export function makePost(id: string, username: string, likedBy: string[] = []): Post {
  return aPost({
    _id: id,
    content: `Post ${id} by ${username}`,
    username,
    likes: { likeCount: likedBy.length, likedBy: likedBy.map(summary), dislikedBy: [] },
  });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders inside a router (at `path`) with the toast outlet, as the shell does, and shows where it is. */
export function renderInApp(ui: ReactElement, path = '/home') {
  toast.remove(); // toasts live in a module-level store that outlives each test
  return renderWithApp(
    <>
      {ui}
      <LocationProbe />
    </>,
    { path },
  );
}
