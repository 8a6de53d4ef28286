import { ACCOUNT_ERRORS, type Account } from '@chirp/contracts';
import { refuse, replaceUsers, sameIgnoringCase, type Database, type Moment, type NameReservation, type StoredUser } from './database';
import { SPEC_ERRORS } from './decisions';
import { isModerator } from './moderation-rules';
import type { AccountInput, SignupInput } from './validation';

/** Whether a reservation still holds the username of `digest` (usernameDigest) at `now`. */
export const isReserved = (reservations: readonly NameReservation[] | undefined, digest: string, now: string) =>
  (reservations ?? []).some((entry) => entry.digest === digest && Date.parse(entry.freeAt) > Date.parse(now));

/**
 * Adds a user (spec 5: the username must be unique). Unique regardless of case, so nobody can pose as
 * 'GuestUser'; lookups stay exact. The password arrives hashed: hashing is slow and async, rules are not;
 * so does the digest of the username (`nameDigest`), which a deleted account's reservation may still hold:
 * refused as a taken name, so nobody learns that the account was deleted.
 */
export function signUp(
  db: Database,
  input: Omit<SignupInput, 'password'> & { passwordHash: string },
  moment: Moment,
  nameDigest?: string,
): { db: Database; user: StoredUser } {
  if (db.users.some((user) => sameIgnoringCase(user.username, input.username))) refuse(422, SPEC_ERRORS.usernameTaken);
  if (nameDigest !== undefined && isReserved(db.reservedNames, nameDigest, moment.now)) refuse(422, SPEC_ERRORS.usernameTaken);
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

/** Whether the name typed into the log-in form names this account: its username or its email, in any case. */
export const namesAccount = (user: StoredUser, name: string) =>
  sameIgnoringCase(user.username, name) || (!!user.email && sameIgnoringCase(user.email, name));

/**
 * The user a login names (spec 5: the username must exist), by username or email, in any case
 * (usernames are unique regardless of case, and so are emails); the password is checked by the caller.
 */
export function userForLogin(db: Database, name: string): StoredUser {
  return db.users.find((user) => namesAccount(user, name)) ?? refuse(404, SPEC_ERRORS.notRegistered);
}

/** The account as its owner's settings show it (`moderatorNames`: the back end's configured moderators). */
export const toAccount = (user: StoredUser, moderatorNames?: readonly string[]): Account => ({
  _id: user._id,
  username: user.username,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email ?? '',
  ...(isModerator(user, moderatorNames) ? { moderator: true as const } : {}),
});

/**
 * Changes the account's settings. An email address another account has (in any case) is refused:
 * `db` holds every user with that address (a back end with tables loads them, and its unique index
 * decides a race).
 */
export function editAccount(db: Database, caller: StoredUser, input: AccountInput, moment: Moment): { db: Database; user: StoredUser } {
  const { email } = input;
  if (email && db.users.some((user) => user._id !== caller._id && !!user.email && sameIgnoringCase(user.email, email))) {
    refuse(409, ACCOUNT_ERRORS.emailTaken);
  }
  const user: StoredUser = {
    ...caller,
    firstName: input.firstName ?? caller.firstName,
    lastName: input.lastName ?? caller.lastName,
    email: email ?? caller.email ?? '',
    updatedAt: moment.now,
  };
  return { db: replaceUsers(db, user), user };
}

/**
 * Ends every session of the account but the one it answers next: the session version moves on, so
 * every token issued before is refused. With `passwordHash`, the password changes too (its check,
 * slow and async, is the caller's). The profile's updatedAt stays: nothing public changed.
 */
export function renewSessions(db: Database, caller: StoredUser, passwordHash?: string): { db: Database; user: StoredUser } {
  const user: StoredUser = {
    ...caller,
    ...(passwordHash === undefined ? {} : { passwordHash }),
    sessionVersion: (caller.sessionVersion ?? 0) + 1,
  };
  return { db: replaceUsers(db, user), user };
}

/** The claims of a token for `user`, at its current session version. */
export const claimsOf = (user: StoredUser) => ({ _id: user._id, username: user.username, sv: user.sessionVersion ?? 0 });
