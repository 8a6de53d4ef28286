// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { signUp, userForLogin } from '../auth-rules';
import {
  findCaller,
  indexUsers,
  isStoredPost,
  isStoredUser,
  toPublicPost,
  toPublicUser,
  type Database,
  type Moment,
  type StoredPost,
  type StoredUser,
  type SpecView,
} from '../database';
import { DECIDED_ERRORS, LIMITS, SPEC_ERRORS } from '../decisions';
import { createPost, deletePost, dislikePost, editPost, likePost, postsOfUser } from '../posts-rules';
import { bookmarkPost, editProfile, follow, removeBookmark, unfollow } from '../users-rules';
import { refusalOf } from './refusal-of';

const moment: Moment = { now: '2026-12-01T10:00:00+00:00', newId: () => 'new-id' };

function user(id: string, overrides: Partial<StoredUser> = {}): StoredUser {
  return {
    _id: id,
    username: id,
    firstName: `First ${id}`,
    lastName: `Last ${id}`,
    passwordHash: 'hash',
    profilePic: `/avatars/${id}.svg`,
    title: 't',
    bio: 'b',
    website: 'w',
    bookmarks: [],
    followers: [],
    following: [],
    extras: {},
    createdAt: '2026-01-01T00:00:00+00:00',
    updatedAt: '2026-01-01T00:00:00+00:00',
    ...overrides,
  };
}

function post(id: string, author: string, likeCount = 5, overrides: Partial<StoredPost> = {}): StoredPost {
  return {
    _id: id,
    content: `post ${id}`,
    username: author,
    likes: { likeCount, likedBy: [], dislikedBy: [] },
    createdAt: '2026-02-01T00:00:00+00:00',
    updatedAt: '2026-02-01T00:00:00+00:00',
    ...overrides,
  };
}

function database(): Database {
  return {
    tokenSecret: 'secret',
    users: [user('ann', { following: ['bob'] }), user('bob', { followers: ['ann'] }), user('cat')],
    posts: [post('p1', 'ann'), post('p2', 'bob'), post('p3', 'bob', 0)],
  };
}

const callerOf = (db: Database, id: string) => db.users.find((entry) => entry._id === id)!;
const postOf = (db: Database, id: string) => db.posts.find((entry) => entry._id === id)!;

describe('sign-up and login rules', () => {
  const input = {
    username: 'dan',
    firstName: 'Dan',
    lastName: 'D',
    passwordHash: 'h',
    profilePic: '/avatars/default.svg',
    title: 'Add title',
    bio: 'Add bio',
    website: 'Add website',
    extras: { emailAddress: 'dan@example.com' },
  };

  it('adds a user with empty lists and the moment as both timestamps', () => {
    const { db, user: created } = signUp(database(), input, moment);
    expect(db.users).toHaveLength(4);
    expect(created).toMatchObject({ _id: 'new-id', bookmarks: [], followers: [], following: [], createdAt: moment.now, updatedAt: moment.now });
  });

  it('refuses a taken username whatever its case, with 422', () => {
    expect(refusalOf(() => signUp(database(), { ...input, username: 'ANN' }, moment))).toEqual({ status: 422, message: SPEC_ERRORS.usernameTaken });
  });

  it('finds the login user by username or email address in any case, else 404', () => {
    const db = database();
    const withEmail = { ...db, users: db.users.map((user) => (user._id === 'ann' ? { ...user, email: 'Ann@Example.com' } : user)) };
    for (const name of ['ann', 'Ann', 'ANN', 'ann@example.com', 'ANN@EXAMPLE.COM']) expect(userForLogin(withEmail, name)._id).toBe('ann');
    expect(refusalOf(() => userForLogin(withEmail, 'an'))).toEqual({ status: 404, message: SPEC_ERRORS.notRegistered });
    expect(refusalOf(() => userForLogin(db, 'ann@example.com'))).toEqual({ status: 404, message: SPEC_ERRORS.notRegistered });
  });

  it('refuses a token caller who is gone or whose username differs', () => {
    expect(findCaller(database(), { _id: 'ann', username: 'ann' })._id).toBe('ann');
    expect(refusalOf(() => findCaller(database(), { _id: 'zed', username: 'zed' })).status).toBe(404);
    expect(refusalOf(() => findCaller(database(), { _id: 'ann', username: 'bob' })).message).toBe(SPEC_ERRORS.notRegistered);
  });
});

describe('user rules', () => {
  it('edits the given profile fields only, refreshing updatedAt', () => {
    const db = database();
    const { user: edited } = editProfile(db, callerOf(db, 'ann'), { bio: 'new', title: undefined }, moment);
    expect(edited).toMatchObject({ bio: 'new', title: 't', updatedAt: moment.now });
  });

  it('refuses a different username with 404 and accepts the same one', () => {
    const db = database();
    expect(refusalOf(() => editProfile(db, callerOf(db, 'ann'), { username: 'bob' }, moment))).toEqual({
      status: 404,
      message: SPEC_ERRORS.usernameChange,
    });
    expect(editProfile(db, callerOf(db, 'ann'), { username: 'ann', bio: 'x' }, moment).user.bio).toBe('x');
  });

  it('bookmarks once, removes once, and 404s unknown posts', () => {
    const db = database();
    const added = bookmarkPost(db, callerOf(db, 'ann'), 'p2', moment);
    expect(added.user.bookmarks).toEqual(['p2']);
    expect(refusalOf(() => bookmarkPost(added.db, added.user, 'p2', moment)).message).toBe(SPEC_ERRORS.alreadyBookmarked);
    const removed = removeBookmark(added.db, added.user, 'p2', moment);
    expect(removed.user.bookmarks).toEqual([]);
    expect(refusalOf(() => removeBookmark(removed.db, removed.user, 'p2', moment)).message).toBe(SPEC_ERRORS.notBookmarked);
    expect(refusalOf(() => bookmarkPost(db, callerOf(db, 'ann'), 'nope', moment))).toEqual({ status: 404, message: DECIDED_ERRORS.postNotFound });
  });

  it('removes a bookmark of a post that no longer exists', () => {
    const db = database();
    const caller = { ...callerOf(db, 'ann'), bookmarks: ['gone'] };
    expect(removeBookmark(db, caller, 'gone', moment).user.bookmarks).toEqual([]);
  });

  it('follows and unfollows, changing both users and their updatedAt', () => {
    const db = database();
    const followed = follow(db, callerOf(db, 'ann'), 'cat', moment);
    expect(followed.user.following).toEqual(['bob', 'cat']);
    expect(followed.followUser.followers).toEqual(['ann']);
    expect([followed.user.updatedAt, followed.followUser.updatedAt]).toEqual([moment.now, moment.now]);
    const back = unfollow(followed.db, followed.user, 'cat', moment);
    expect(back.user.following).toEqual(['bob']);
    expect(back.followUser.followers).toEqual([]);
  });

  it('refuses following oneself (404), twice (400), and unfollowing a stranger (400)', () => {
    const db = database();
    const ann = callerOf(db, 'ann');
    expect(refusalOf(() => follow(db, ann, 'ann', moment))).toEqual({ status: 404, message: SPEC_ERRORS.followSelf });
    expect(refusalOf(() => follow(db, ann, 'bob', moment))).toEqual({ status: 400, message: SPEC_ERRORS.alreadyFollowing });
    expect(refusalOf(() => unfollow(db, ann, 'cat', moment))).toEqual({ status: 400, message: SPEC_ERRORS.notFollowing });
    expect(refusalOf(() => follow(db, ann, 'zed', moment))).toEqual({ status: 404, message: DECIDED_ERRORS.userNotFound });
  });
});

describe('post rules', () => {
  it('creates a post by the caller with no likes', () => {
    const db = database();
    const next = createPost(db, callerOf(db, 'ann'), { content: 'hi' }, moment);
    expect(postOf(next, 'new-id')).toEqual({
      _id: 'new-id',
      content: 'hi',
      username: 'ann',
      likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
      createdAt: moment.now,
      updatedAt: moment.now,
      seq: 1,
    });
    const after = createPost(next, callerOf(next, 'ann'), { content: 'again' }, { ...moment, newId: () => 'newer-id' });
    expect(postOf(after, 'newer-id').seq).toBe(2);
  });

  it("edits only the author's post, replacing the image as sent", () => {
    const db = { ...database(), posts: [post('p1', 'ann', 5, { image: '/images/a.svg' })] };
    const next = editPost(db, callerOf(db, 'ann'), 'p1', { content: 'new' }, moment);
    expect(postOf(next, 'p1')).toMatchObject({ content: 'new', updatedAt: moment.now });
    expect(postOf(next, 'p1')).not.toHaveProperty('image');
    expect(refusalOf(() => editPost(db, callerOf(db, 'bob'), 'p1', { content: 'x' }, moment))).toEqual({
      status: 400,
      message: SPEC_ERRORS.editOthersPost,
    });
  });

  it("deletes only the author's post, and drops it from every bookmark list", () => {
    const db = { ...database(), users: database().users.map((entry) => ({ ...entry, bookmarks: ['p1', 'p2'] })) };
    const next = deletePost(db, callerOf(db, 'ann'), 'p1', moment);
    expect(next.posts.map((entry) => entry._id)).toEqual(['p2', 'p3']);
    expect(next.users.every((entry) => entry.bookmarks.join() === 'p2')).toBe(true);
    expect(refusalOf(() => deletePost(db, callerOf(db, 'bob'), 'p1', moment)).message).toBe(SPEC_ERRORS.deleteOthersPost);
  });

  it('likes: refuses a second like; leaves dislikedBy, +1, joins likedBy', () => {
    const db = database();
    const ann = callerOf(db, 'ann');
    const disliked = dislikePost(db, ann, 'p2', moment);
    expect(postOf(disliked, 'p2').likes).toEqual({ likeCount: 4, likedBy: [], dislikedBy: ['ann'] });
    const liked = likePost(disliked, ann, 'p2', moment);
    expect(postOf(liked, 'p2').likes).toEqual({ likeCount: 5, likedBy: ['ann'], dislikedBy: [] });
    expect(refusalOf(() => likePost(liked, ann, 'p2', moment))).toEqual({ status: 400, message: SPEC_ERRORS.alreadyLiked });
  });

  it('dislikes: refuses at 0 likes before checking dislikedBy, and a second dislike', () => {
    const db = database();
    const ann = callerOf(db, 'ann');
    expect(refusalOf(() => dislikePost(db, ann, 'p3', moment))).toEqual({ status: 400, message: SPEC_ERRORS.likeBelowZero });
    const once = dislikePost(db, ann, 'p2', moment);
    expect(refusalOf(() => dislikePost(once, ann, 'p2', moment))).toEqual({ status: 400, message: SPEC_ERRORS.alreadyDisliked });
  });

  it("lists a user's posts, and 404s an unknown username", () => {
    expect(postsOfUser(database(), 'bob').map((entry) => entry._id)).toEqual(['p2', 'p3']);
    expect(postsOfUser(database(), 'cat')).toEqual([]);
    expect(refusalOf(() => postsOfUser(database(), 'zed')).status).toBe(404);
  });

  it('never changes the database it is given', () => {
    const db = database();
    const frozen = structuredClone(db);
    const ann = callerOf(db, 'ann');
    likePost(db, ann, 'p2', moment);
    dislikePost(db, ann, 'p2', moment);
    deletePost(db, ann, 'p1', moment);
    follow(db, ann, 'cat', moment);
    bookmarkPost(db, ann, 'p2', moment);
    editProfile(db, ann, { bio: 'changed' }, moment);
    expect(db).toEqual(frozen);
  });
});

/** A spec view that names every picture and image as it is stored. */
const asIs = (viewerId: string | null): SpecView => ({ viewerId, picture: (owner) => owner.profilePic, postImage: (entry) => entry.image });

describe('projections', () => {
  it('caps likers at LIMITS.maxSpecPeople, the newest kept, the viewer always among them, the count exact', () => {
    const db = database();
    const people = Array.from({ length: LIMITS.maxSpecPeople + 50 }, (_, index) => user(`u${index}`));
    const index = indexUsers({ ...db, users: [...db.users, ...people] });
    const likedBy = people.map((person) => person._id);
    const liked = { ...post('p9', 'ann'), likes: { likeCount: likedBy.length, likedBy, dislikedBy: [] } };
    const shown = toPublicPost(liked, index, asIs(null)).likes;
    expect(shown.likeCount).toBe(LIMITS.maxSpecPeople + 50);
    expect(shown.likedBy.map((entry) => entry._id)).toEqual(likedBy.slice(-LIMITS.maxSpecPeople));
    const mine = toPublicPost(liked, index, asIs('u3')).likes.likedBy.map((entry) => entry._id);
    expect(mine).toHaveLength(LIMITS.maxSpecPeople);
    expect(mine).toContain('u3');
  });

  it('names pictures and post images through the view, and keeps whom the viewer follows whole', () => {
    const db = database();
    const people = Array.from({ length: LIMITS.maxSpecPeople + 1 }, (_, index) => user(`u${index}`));
    const index = indexUsers({ ...db, users: [...db.users, ...people] });
    const following = people.map((person) => person._id);
    const ann = { ...callerOf(db, 'ann'), following, followers: following };
    const named: SpecView = { viewerId: 'ann', picture: (owner) => `/named/${owner._id}`, postImage: (entry) => `/image/${entry._id}` };
    const own = toPublicUser(ann, index, named);
    expect(own.profilePic).toBe('/named/ann');
    expect(own.following).toHaveLength(people.length);
    expect(own.followers).toHaveLength(LIMITS.maxSpecPeople);
    expect(own.following[0]!.profilePic).toBe('/named/u0');
    expect(toPublicUser(ann, index, { ...named, viewerId: 'bob' }).following).toHaveLength(LIMITS.maxSpecPeople);
    const withImage = { ...post('p9', 'ann'), image: 'data:image/png;base64,AAAA' };
    expect(toPublicPost(withImage, index, named).image).toBe('/image/p9');
  });

  it('shows a user without the password hash, with extras and current follow summaries', () => {
    const db = database();
    db.users[0] = { ...db.users[0]!, extras: { emailAddress: 'a@example.com' } };
    const shown = toPublicUser(callerOf(db, 'ann'), indexUsers(db), asIs('ann'));
    expect(shown).not.toHaveProperty('passwordHash');
    expect(shown).not.toHaveProperty('extras');
    expect(shown.emailAddress).toBe('a@example.com');
    expect(shown.following).toEqual([{ _id: 'bob', username: 'bob', firstName: 'First bob', lastName: 'Last bob', profilePic: '/avatars/bob.svg' }]);
  });

  it('keeps the server fields over extras with the same name', () => {
    const db = database();
    const sneaky = { ...callerOf(db, 'ann'), extras: { username: 'root', bio: 'x' } };
    expect(toPublicUser(sneaky, indexUsers(db), asIs('ann'))).toMatchObject({ username: 'ann', bio: 'b' });
  });

  it('shows bookmarks and extra sign-up fields to their owner only', () => {
    const db = database();
    const ann = { ...callerOf(db, 'ann'), bookmarks: ['p1'], extras: { emailAddress: 'a@example.com' } };
    expect(toPublicUser(ann, indexUsers(db), asIs('ann'))).toMatchObject({ bookmarks: ['p1'], emailAddress: 'a@example.com' });
    for (const viewer of ['bob', null]) {
      const shown = toPublicUser(ann, indexUsers(db), asIs(viewer));
      expect(shown.bookmarks).toEqual([]);
      expect(shown).not.toHaveProperty('emailAddress');
    }
  });

  it('shows post likes as summaries, skipping users that are gone', () => {
    const db = database();
    const liked = { ...post('p9', 'ann'), likes: { likeCount: 2, likedBy: ['bob', 'gone'], dislikedBy: [] } };
    expect(toPublicPost(liked, indexUsers(db), asIs(null)).likes.likedBy.map((entry) => entry._id)).toEqual(['bob']);
  });

  it('recognises stored shapes and rejects others', () => {
    expect(isStoredUser(user('x'))).toBe(true);
    expect(isStoredUser({ ...user('x'), followers: 'x' })).toBe(false);
    expect(isStoredUser({ ...user('x'), extras: { a: 1 } })).toBe(false);
    expect(isStoredPost(post('p', 'x'))).toBe(true);
    expect(isStoredPost({ ...post('p', 'x'), likes: { likeCount: -1, likedBy: [], dislikedBy: [] } })).toBe(false);
    expect(isStoredPost({ ...post('p', 'x'), image: 3 })).toBe(false);
    expect(isStoredPost(null)).toBe(false);
  });
});
