import { type PeoplePage, type PersonCard, type Profile } from '@chirp/contracts';
import { ApiError, compactApi, toast } from '@chirp/session';
import { aProfile, renderWithApp } from '@chirp/session/testing';
import type { PostListProps } from '@chirp/seams';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { vi } from 'vitest';

/** A profile as the compact API answers one, with id `id-{username}` and a capitalised first name. */
export function makePerson(username: string, fields: Partial<Profile> = {}): Profile {
  return aProfile({
    _id: `id-${username}`,
    username,
    firstName: username.charAt(0).toUpperCase() + username.slice(1),
    lastName: 'Tester',
    profilePic: `/avatars/${username}.png`,
    ...fields,
  });
}

/** The current user of most tests, with a real title, bio and website. */
export function makeGuest(fields: Partial<Profile> = {}): Profile {
  return makePerson('guestuser', {
    firstName: 'Guest',
    lastName: 'User',
    title: 'Chief tester',
    bio: 'Tries every button.',
    website: 'https://chirp.example/guest',
    ...fields,
  });
}

/** A person as lists of people carry them. */
export const cardOf = ({ _id, username, firstName, lastName, profilePic, followedByMe }: Profile): PersonCard => ({
  _id,
  username,
  firstName,
  lastName,
  profilePic,
  followedByMe,
});

/** The back end knows these profiles by username; anyone else is a 404. */
export function serveProfiles(...profiles: Profile[]) {
  return vi.spyOn(compactApi, 'profile').mockImplementation(async (username) => {
    const found = profiles.find((profile) => profile.username === username);
    if (!found) throw new ApiError(404, 'The username you entered is not Registered. Not Found error');
    return { user: found };
  });
}

/** Pages of people, in order: the first call answers the first page, a cursor `c{n}` page n + 1. */
export function pagesOf(...pages: PersonCard[][]) {
  return async (...args: unknown[]): Promise<PeoplePage> => {
    const query = args.find((arg): arg is { cursor?: string } => typeof arg === 'object' && arg !== null);
    const index = query?.cursor ? Number(query.cursor.slice(1)) : 0;
    return { users: pages[index] ?? [], nextCursor: index + 1 < pages.length ? `c${index + 1}` : null };
  };
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

/** Stands in for the feed's post list: which list a page asks for, and its texts, are what matter here. */
export function FakePostList({ source, emptyText, label }: PostListProps) {
  return (
    <ul aria-label={label}>
      <li>{JSON.stringify(source)}</li>
      <li>{emptyText}</li>
    </ul>
  );
}
