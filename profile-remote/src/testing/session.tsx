import { AppToaster, type Post, toast, type User, type UserSummary, useSession } from '@chirp/shared';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

/** A user as the API returns one; `following` and `followers` name usernames. */
export function makeUser(
  username: string,
  fields: Partial<Omit<User, 'following' | 'followers'>> & { following?: string[]; followers?: string[] } = {},
): User {
  const { following = [], followers = [], ...rest } = fields;
  const [firstName, lastName] = [username.charAt(0).toUpperCase() + username.slice(1), 'Tester'];
  return {
    _id: `id-${username}`,
    username,
    firstName,
    lastName,
    profilePic: `/avatars/${username}.png`,
    bookmarks: [],
    title: 'Add title',
    bio: 'Add bio',
    website: 'Add website',
    createdAt: '2024-01-01T10:00:00+00:00',
    updatedAt: '2024-01-01T10:00:00+00:00',
    ...rest,
    following: following.map(summary),
    followers: followers.map(summary),
  };
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
  return {
    _id: id,
    content: `Post ${id} by ${username}`,
    username,
    likes: { likeCount: likedBy.length, likedBy: likedBy.map(summary), dislikedBy: [] },
    createdAt: '2024-01-01T10:00:00+00:00',
    updatedAt: '2024-01-01T10:00:00+00:00',
  };
}

/** Puts a logged-in session in the one store: `me` is the current user. */
export function logInAs(me: User, users: User[], posts: Post[] = []) {
  useSession.getState().sessionReset();
  useSession.setState({
    token: 'token',
    username: me.username,
    currentUser: me,
    bookmarks: me.bookmarks,
    users,
    allPosts: posts,
  });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders inside a router (at `path`) with the toast outlet, as the shell does. */
export function renderInApp(ui: ReactElement, path = '/home') {
  toast.remove(); // toasts live in a module-level store that outlives each test
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={ui} />
      </Routes>
      <LocationProbe />
      <AppToaster />
    </MemoryRouter>,
  );
}
