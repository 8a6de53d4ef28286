/**
 * Muting and blocking (the texts and what each means: @chirp/contracts' safety.ts). The lists are the
 * muter's and the blocker's own (`StoredUser.muting`, `blocking`); who blocked someone is read from
 * the others' lists. A back end with tables loads them narrowed to the rows a change touches, which
 * always holds both people a check is about.
 */
import { MUTED_WORD_LIMITS, normalMutedWord, SAFETY_ERRORS, type Profile } from '@chirp/contracts';
import { findUserById, refuse, replaceUsers, without, type Database, type Moment, type StoredUser } from './database';
import type { JsonObject } from './validation';

export type RelationChange = { db: Database; user: StoredUser; target: StoredUser };

const mutingOf = (user: StoredUser) => user.muting ?? [];
const blockingOf = (user: StoredUser) => user.blocking ?? [];

export const blocks = (user: StoredUser, other: StoredUser) => blockingOf(user).includes(other._id);
export const mutes = (user: StoredUser, other: StoredUser) => mutingOf(user).includes(other._id);

/** Refuses what one may not do to the other while either blocks the other (reply, follow, like), with a 403. */
export function refuseIfBlocked(caller: StoredUser, other: StoredUser): void {
  if (blocks(caller, other)) refuse(403, SAFETY_ERRORS.youBlocked);
  if (blocks(other, caller)) refuse(403, SAFETY_ERRORS.blockedYou);
}

/** Adds or removes `target` in one of the caller's lists; doing what is already done changes nothing. */
function relate(
  db: Database,
  caller: StoredUser,
  targetId: string,
  list: 'muting' | 'blocking',
  on: boolean,
  selfError: string,
): RelationChange {
  const target = findUserById(db, targetId);
  if (target._id === caller._id) refuse(400, selfError);
  const ids = list === 'muting' ? mutingOf(caller) : blockingOf(caller);
  if (ids.includes(target._id) === on) return { db, user: caller, target };
  // The profile's updatedAt stays: it is public, and a mute is nobody else's business.
  const user = { ...caller, [list]: on ? [...ids, target._id] : without(ids, target._id) };
  return { db: replaceUsers(db, user), user, target };
}

export const muteUser = (db: Database, caller: StoredUser, targetId: string) => relate(db, caller, targetId, 'muting', true, SAFETY_ERRORS.muteSelf);
export const unmuteUser = (db: Database, caller: StoredUser, targetId: string) => relate(db, caller, targetId, 'muting', false, SAFETY_ERRORS.muteSelf);
export const unblockUser = (db: Database, caller: StoredUser, targetId: string) =>
  relate(db, caller, targetId, 'blocking', false, SAFETY_ERRORS.blockSelf);

/** Blocks `targetId`, and ends the follows between the two, both ways (their counts move with them). */
export function blockUser(db: Database, caller: StoredUser, targetId: string, moment: Moment): RelationChange {
  const blocked = relate(db, caller, targetId, 'blocking', true, SAFETY_ERRORS.blockSelf);
  const { user, target } = blocked;
  if (!user.following.includes(target._id) && !target.following.includes(user._id)) return blocked;
  const unlinked = (person: StoredUser, other: StoredUser): StoredUser => ({
    ...person,
    following: without(person.following, other._id),
    followers: without(person.followers, other._id),
    updatedAt: moment.now,
  });
  const [after, afterTarget] = [unlinked(user, target), unlinked(target, user)];
  return { db: replaceUsers(blocked.db, after, afterTarget), user: after, target: afterTarget };
}

/** The caller's mute and block of one person, as the API answers them. */
export const toRelation = (caller: StoredUser, target: StoredUser) => ({
  userId: target._id,
  mutedByMe: mutes(caller, target),
  blockedByMe: blocks(caller, target),
});

/**
 * The people whose posts, replies and notifications `viewer` does not see: those they muted or
 * blocked, and those who blocked them.
 */
export function hiddenFrom(db: Database, viewer: StoredUser | undefined): Set<string> {
  if (!viewer) return new Set();
  const hidden = new Set([...mutingOf(viewer), ...blockingOf(viewer)]);
  for (const user of db.users) if (blocks(user, viewer)) hidden.add(user._id);
  return hidden;
}

/** `hiddenFrom`, by username (what a stored post names its author by). */
export function hiddenUsernames(db: Database, viewer: StoredUser | undefined): Set<string> {
  const hidden = hiddenFrom(db, viewer);
  return new Set(hidden.size === 0 ? [] : db.users.filter((user) => hidden.has(user._id)).map((user) => user.username));
}

/** The people `viewer` does not see in lists of people: those blocked either way (a muted person is still listed). */
export function blockedEitherWay(db: Database, viewer: StoredUser | undefined): Set<string> {
  if (!viewer) return new Set();
  const hidden = new Set(blockingOf(viewer));
  for (const user of db.users) if (blocks(user, viewer)) hidden.add(user._id);
  return hidden;
}

export interface ViewerRelation {
  mutedByMe: boolean;
  blockedByMe: boolean;
  blocksMe: boolean;
}

/**
 * A profile as its viewer may see it: blocked either way, without its details (title, bio, website);
 * the relation's flags only where true, so every other profile keeps the compact form's keys.
 */
export function profileForViewer(profile: Profile, { mutedByMe, blockedByMe, blocksMe }: ViewerRelation): Profile {
  const shown = blockedByMe || blocksMe ? { ...profile, title: '', bio: '', website: '' } : profile;
  return {
    ...shown,
    ...(mutedByMe ? { mutedByMe } : {}),
    ...(blockedByMe ? { blockedByMe } : {}),
    ...(blocksMe ? { blocksMe } : {}),
  };
}

/** How `viewer` and `user` stand (nobody signed in: no relation). */
export const relationOf = (viewer: StoredUser | undefined, user: StoredUser): ViewerRelation => ({
  mutedByMe: !!viewer && mutes(viewer, user),
  blockedByMe: !!viewer && blocks(viewer, user),
  blocksMe: !!viewer && blocks(user, viewer),
});

// Muted words (@chirp/contracts' muted-words.ts): the caller's own list, which nobody else reads.

export const mutedWordsOf = (user: StoredUser | undefined) => user?.mutedWords ?? [];

/** `{ word }`: a word, phrase or `#tag`, normalised; 400 when it cannot be one. */
export function readMutedWord(body: JsonObject): string {
  const { word } = body;
  return (typeof word === 'string' && normalMutedWord(word)) || refuse(400, SAFETY_ERRORS.mutedWordInvalid);
}

export type MutedWordsChange = { db: Database; user: StoredUser };

/** Adds `word` at the end of the caller's list (already there: nothing changes); 400 past the limit. */
export function muteWord(db: Database, caller: StoredUser, word: string): MutedWordsChange {
  const words = mutedWordsOf(caller);
  if (words.includes(word)) return { db, user: caller };
  if (words.length >= MUTED_WORD_LIMITS.maxWords) refuse(400, SAFETY_ERRORS.tooManyMutedWords);
  const user = { ...caller, mutedWords: [...words, word] };
  return { db: replaceUsers(db, user), user };
}

/** Takes `word` off the caller's list (not there: nothing changes). */
export function unmuteWord(db: Database, caller: StoredUser, word: string): MutedWordsChange {
  const words = mutedWordsOf(caller);
  if (!words.includes(word)) return { db, user: caller };
  const user = { ...caller, mutedWords: without(words, word) };
  return { db: replaceUsers(db, user), user };
}
