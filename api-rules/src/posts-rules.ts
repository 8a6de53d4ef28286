import {
  findPost,
  findUserByUsername,
  refuse,
  replacePost,
  without,
  type Database,
  type Moment,
  type StoredPost,
  type StoredUser,
} from './database';
import { DECIDED_ERRORS, SPEC_ERRORS } from './decisions';
import { findShownPost } from './moderation-rules';
import { refuseIfBlocked } from './safety-rules';
import type { PostInput } from './validation';

/**
 * Refuses acting on a post whose author and the caller block one another (either way). The author is
 * among the rows a change on a post loads (`RowsTouched.authorOf`).
 */
function refuseIfAuthorBlocked(db: Database, caller: StoredUser, post: StoredPost): void {
  const author = findUserByUsername(db, post.username);
  if (author) refuseIfBlocked(caller, author);
}

/**
 * New posts start with no likes (spec 3); a reply names a post that exists (a dangling reply could
 * not show its thread), whose author and the caller do not block one another.
 */
export function createPost(db: Database, caller: StoredUser, input: PostInput, moment: Moment): Database {
  if (input.replyTo !== undefined) refuseIfAuthorBlocked(db, caller, findShownPost(db, input.replyTo, caller._id));
  // A quote embeds a post the caller is shown, of someone they do not block nor are blocked by.
  if (input.quoteOf !== undefined) refuseIfAuthorBlocked(db, caller, findShownPost(db, input.quoteOf, caller._id));
  const post: StoredPost = {
    _id: moment.newId(),
    ...input,
    username: caller.username,
    likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
    createdAt: moment.now,
    updatedAt: moment.now,
    // A database that numbers rows itself (the server) ignores this and uses its own sequence.
    seq: db.posts.reduce((last, entry) => Math.max(last, entry.seq ?? 0), 0) + 1,
  };
  return { ...db, posts: [...db.posts, post] };
}

/**
 * Only the author edits (spec 5); content, images and their descriptions are replaced as sent (no image: none). What a
 * post replies to stays as it was made.
 */
export function editPost(db: Database, caller: StoredUser, postId: string, input: PostInput, moment: Moment): Database {
  const post = findPost(db, postId);
  if (post.username !== caller.username) refuse(400, SPEC_ERRORS.editOthersPost);
  const { image: _old, imageAlt: _oldAlt, moreImages: _oldMore, ...rest } = post;
  const { replyTo: _ignored, quoteOf: _kept, ...edit } = input;
  return replacePost(db, { ...rest, ...edit, updatedAt: moment.now });
}

/** Only the author deletes (spec 5); the post also leaves every bookmark list (decision). */
export function deletePost(db: Database, caller: StoredUser, postId: string, moment: Moment): Database {
  const post = findPost(db, postId);
  if (post.username !== caller.username) refuse(400, SPEC_ERRORS.deleteOthersPost);
  const users = db.users.map((user) =>
    user.bookmarks.includes(postId)
      ? { ...user, bookmarks: without(user.bookmarks, postId), updatedAt: moment.now }
      : user,
  );
  // Its replies stay (their thread shows that it was deleted); notifications about it go with it.
  const notifications = db.notifications?.filter((entry) => entry.postId !== postId);
  return { ...db, users, posts: db.posts.filter((entry) => entry._id !== postId), ...(notifications ? { notifications } : {}) };
}

/** Spec 4: refused if already liked; otherwise leaves dislikedBy, +1, joins likedBy. */
export function likePost(db: Database, caller: StoredUser, postId: string, moment: Moment): Database {
  const post = findShownPost(db, postId, caller._id);
  const { likes } = post;
  if (likes.likedBy.includes(caller._id)) refuse(400, SPEC_ERRORS.alreadyLiked);
  refuseIfAuthorBlocked(db, caller, post);
  return replacePost(db, {
    ...post,
    likes: {
      likeCount: likes.likeCount + 1,
      likedBy: [...likes.likedBy, caller._id],
      dislikedBy: without(likes.dislikedBy, caller._id),
    },
    updatedAt: moment.now,
  });
}

/** Spec 4: refused at 0 likes or if already disliked; otherwise -1, leaves likedBy, joins dislikedBy. */
export function dislikePost(db: Database, caller: StoredUser, postId: string, moment: Moment): Database {
  const post = findShownPost(db, postId, caller._id);
  const { likes } = post;
  if (likes.likeCount <= 0) refuse(400, SPEC_ERRORS.likeBelowZero);
  if (likes.dislikedBy.includes(caller._id)) refuse(400, SPEC_ERRORS.alreadyDisliked);
  return replacePost(db, {
    ...post,
    likes: {
      likeCount: likes.likeCount - 1,
      likedBy: without(likes.likedBy, caller._id),
      dislikedBy: [...likes.dislikedBy, caller._id],
    },
    updatedAt: moment.now,
  });
}

/**
 * The caller reposts a post they are shown, of someone they do not block nor are blocked by. Asked
 * twice, it stays one repost: the button's state is what the caller wants, so a repeat is no error.
 */
export function repostPost(db: Database, caller: StoredUser, postId: string, moment: Moment): Database {
  const post = findShownPost(db, postId, caller._id);
  const reposts = post.reposts ?? [];
  if (reposts.some((entry) => entry.userId === caller._id)) return db;
  refuseIfAuthorBlocked(db, caller, post);
  const last = db.posts.reduce((seq, entry) => (entry.reposts ?? []).reduce((most, repost) => Math.max(most, repost.seq), seq), 0);
  return replacePost(db, { ...post, reposts: [...reposts, { userId: caller._id, at: moment.now, seq: last + 1 }] });
}

/** The caller's repost of a post goes (none: nothing changes). */
export function unrepostPost(db: Database, caller: StoredUser, postId: string): Database {
  const post = findShownPost(db, postId, caller._id);
  const reposts = post.reposts ?? [];
  if (!reposts.some((entry) => entry.userId === caller._id)) return db;
  return replacePost(db, { ...post, reposts: reposts.filter((entry) => entry.userId !== caller._id) });
}

/** Whether a post starts a conversation (the feeds show these) rather than replying in one. */
export const isTopLevel = (post: StoredPost) => post.replyTo === undefined;

/** A user's posts; an unknown username is refused rather than answered with an empty list. */
export function postsOfUser(db: Database, username: string): StoredPost[] {
  if (!findUserByUsername(db, username)) refuse(404, DECIDED_ERRORS.userNotFound);
  return db.posts.filter((post) => post.username === username);
}
