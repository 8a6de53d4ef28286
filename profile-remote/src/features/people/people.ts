import type { User, UserSummary } from '@chirp/shared';

/** "First Last", as every list and heading shows a person. */
export function fullName(user: Pick<UserSummary, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** Whether `user` follows the person with id `userId`. */
export function isFollowing(user: Pick<User, 'following'> | null | undefined, userId: string): boolean {
  return Boolean(user?.following.some((followed) => followed._id === userId));
}

/**
 * Spec 5: a case-insensitive substring match on username, first name or last name, among everyone
 * but the current user. A blank query matches nobody.
 */
export function searchUsers(users: readonly User[], query: string, currentUsername: string | null): User[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [];
  return users.filter(
    (user) =>
      user.username !== currentUsername &&
      [user.username, user.firstName, user.lastName].some((field) =>
        (field ?? '').toLocaleLowerCase().includes(needle),
      ),
  );
}

/** Spec 4: suggestions leave out the current user and everyone they already follow. */
export function suggestedUsers(users: readonly User[], currentUsername: string | null, currentUser: User | null): User[] {
  return users.filter((user) => user.username !== currentUsername && !isFollowing(currentUser, user._id));
}
