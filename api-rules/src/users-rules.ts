import {
  findPost,
  findUserById,
  refuse,
  replaceUsers,
  without,
  type Database,
  type Moment,
  type StoredUser,
} from './database';
import { DECIDED_ERRORS, SPEC_ERRORS } from './decisions';
import { findShownPost } from './moderation-rules';
import { refuseIfBlocked } from './safety-rules';
import type { ProfileEdit } from './validation';

type UserChange = { db: Database; user: StoredUser };
type FollowChange = UserChange & { followUser: StoredUser };

/** Ids of a list as a client sends it back: ids, or people with their `_id`. */
const idsOf = (value: unknown) =>
  Array.isArray(value) ? value.map((entry) => (typeof entry === 'object' && entry !== null ? (entry as { _id?: unknown })._id : entry)) : null;
const sameIds = (value: unknown, ids: readonly string[]) => JSON.stringify(idsOf(value)) === JSON.stringify(ids);

/**
 * Fields a client may send back unchanged (clients of the original mock send the whole user object
 * they were given): each is accepted only when it repeats what is stored. Timestamps are the server's.
 */
const REPEATS_STORED: Record<string, (user: StoredUser, value: unknown) => boolean> = {
  _id: (user, value) => value === user._id,
  createdAt: () => true,
  updatedAt: () => true,
  bookmarks: (user, value) => sameIds(value, user.bookmarks),
  followers: (user, value) => sameIds(value, user.followers),
  following: (user, value) => sameIds(value, user.following),
};

/** The sent fields that would change what an edit cannot: a password, the follow lists, anything unknown. */
function fieldsThatCannotChange(caller: StoredUser, others: NonNullable<ProfileEdit['others']>): string[] {
  return Object.entries(others)
    .filter(([key, value]) => {
      const repeats = Object.hasOwn(REPEATS_STORED, key) ? REPEATS_STORED[key]! : undefined;
      if (repeats) return !repeats(caller, value);
      return !(Object.hasOwn(caller.extras, key) && caller.extras[key] === value);
    })
    .map(([key]) => key);
}

/**
 * Spec 5: the submitted username may not differ from the current one. The display name and the
 * profile fields change; anything else sent must repeat what is stored (a compact-form change loads
 * the caller's lists narrowed to the rows it touches, so there they can only be left out).
 */
export function editProfile(db: Database, caller: StoredUser, edit: ProfileEdit, moment: Moment): UserChange {
  const { username, others, ...fields } = edit;
  if (username !== undefined && username !== caller.username) refuse(404, SPEC_ERRORS.usernameChange);
  const fixed = fieldsThatCannotChange(caller, others ?? {});
  if (fixed.length > 0) refuse(400, DECIDED_ERRORS.cannotChange(fixed));
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  const user = { ...caller, ...given, updatedAt: moment.now };
  return { db: replaceUsers(db, user), user };
}

export function bookmarkPost(db: Database, caller: StoredUser, postId: string, moment: Moment): UserChange {
  findShownPost(db, postId, caller._id);
  if (caller.bookmarks.includes(postId)) refuse(400, SPEC_ERRORS.alreadyBookmarked);
  const user = { ...caller, bookmarks: [...caller.bookmarks, postId], updatedAt: moment.now };
  return { db: replaceUsers(db, user), user };
}

/** Removing a bookmark of a post that no longer exists is allowed, so no id is ever stuck in the list. */
export function removeBookmark(db: Database, caller: StoredUser, postId: string, moment: Moment): UserChange {
  if (!caller.bookmarks.includes(postId)) {
    findPost(db, postId);
    refuse(400, SPEC_ERRORS.notBookmarked);
  }
  const user = { ...caller, bookmarks: without(caller.bookmarks, postId), updatedAt: moment.now };
  return { db: replaceUsers(db, user), user };
}

/** Spec 4 and 5: no following oneself, nor someone already followed; both users' updatedAt move. */
export function follow(db: Database, caller: StoredUser, targetId: string, moment: Moment): FollowChange {
  const target = findUserById(db, targetId);
  if (target._id === caller._id) refuse(404, SPEC_ERRORS.followSelf);
  if (caller.following.includes(target._id)) refuse(400, SPEC_ERRORS.alreadyFollowing);
  refuseIfBlocked(caller, target);
  return linkUsers(db, caller, target, moment, (ids, id) => [...without(ids, id), id]);
}

export function unfollow(db: Database, caller: StoredUser, targetId: string, moment: Moment): FollowChange {
  const target = findUserById(db, targetId);
  if (!caller.following.includes(target._id)) refuse(400, SPEC_ERRORS.notFollowing);
  return linkUsers(db, caller, target, moment, without);
}

function linkUsers(
  db: Database,
  caller: StoredUser,
  target: StoredUser,
  moment: Moment,
  change: (ids: readonly string[], id: string) => string[],
): FollowChange {
  const user = { ...caller, following: change(caller.following, target._id), updatedAt: moment.now };
  const followUser = { ...target, followers: change(target.followers, caller._id), updatedAt: moment.now };
  return { db: replaceUsers(db, user, followUser), user, followUser };
}
