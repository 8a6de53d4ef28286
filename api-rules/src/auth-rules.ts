import { findUserByUsername, refuse, type Database, type Moment, type StoredUser } from './database';
import { SPEC_ERRORS } from './decisions';
import type { SignupInput } from './validation';

/**
 * Adds a user (spec 5: the username must be unique). Unique regardless of case, so nobody can pose as
 * 'GuestUser'; lookups stay exact. The password arrives hashed: hashing is slow and async, rules are not.
 */
export function signUp(
  db: Database,
  input: Omit<SignupInput, 'password'> & { passwordHash: string },
  moment: Moment,
): { db: Database; user: StoredUser } {
  const wanted = input.username.toLowerCase();
  if (db.users.some((user) => user.username.toLowerCase() === wanted)) {
    refuse(422, SPEC_ERRORS.usernameTaken);
  }
  const user: StoredUser = {
    ...input,
    _id: moment.newId(),
    bookmarks: [],
    followers: [],
    following: [],
    createdAt: moment.now,
    updatedAt: moment.now,
  };
  return { db: { ...db, users: [...db.users, user] }, user };
}

/** The user a login names (spec 5: the username must exist); the password is checked by the caller. */
export function userForLogin(db: Database, username: string): StoredUser {
  return findUserByUsername(db, username) ?? refuse(404, SPEC_ERRORS.notRegistered);
}
