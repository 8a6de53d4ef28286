/**
 * The account's data: what its owner downloads (GET /api/account/export), and deleting the account
 * with everything it holds (POST /api/account/delete). Pure functions over the `Database` shape; the
 * server gathers the same parts with SQL and deletes with SQL (server/src/db/account-data.ts), both
 * answering through `toAccountExport`.
 */
import { MAX_EXPORT_ITEMS, USERNAME_GRACE_DAYS, type AccountExport } from '@chirp/contracts';
import { toAccount } from './auth-rules';
import type { ApiCall } from './calls';
import { wantsCompact } from './compact';
import { imagesField, imagesOf } from './post-images';
import { readJsonObject, readSignup } from './validation';
import { without, type Database, type NameReservation, type SpecView, type StoredAuditEntry, type StoredPost, type StoredUser } from './database';

type ExportedPost = AccountExport['posts'][number];
type PersonRef = AccountExport['following'][number];

/** What an export is made of, each list the newest first (a back end may give one entry more than the cap, to say it was cut). */
export interface AccountData {
  user: StoredUser;
  posts: readonly ExportedPost[];
  likes: readonly AccountExport['likes'][number][];
  bookmarks: readonly string[];
  following: readonly PersonRef[];
  followers: readonly PersonRef[];
  muted: readonly PersonRef[];
  blocked: readonly PersonRef[];
}

/** A post as the export holds it: its large image named by URL, as the compact form names it. */
export function toExportedPost(
  post: Pick<StoredPost, '_id' | 'content' | 'image' | 'imageAlt' | 'moreImages' | 'replyTo' | 'createdAt' | 'updatedAt'> & { likeCount: number },
  view: Pick<SpecView, 'postImage'>,
): ExportedPost {
  return {
    _id: post._id,
    content: post.content,
    ...(post.image === undefined ? {} : { image: view.postImage({ ...post, image: post.image }) }),
    // Every image with its description: the export is the author's whole post.
    ...imagesField(imagesOf(post), (image, position) => view.postImage({ ...post, image }, position)),
    ...(post.replyTo === undefined ? {} : { replyTo: post.replyTo }),
    likeCount: post.likeCount,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
  };
}

/**
 * The export: the account (its own email address, never anyone else's), its profile and its lists,
 * each cut at `max` entries (`complete: false` then). Never the password hash.
 */
export function toAccountExport(data: AccountData, view: Pick<SpecView, 'picture'>, exportedAt: string, max = MAX_EXPORT_ITEMS): AccountExport {
  const { user } = data;
  let complete = true;
  const capped = <T>(list: readonly T[]): T[] => {
    if (list.length > max) complete = false;
    return list.slice(0, max);
  };
  const lists = {
    posts: capped(data.posts),
    likes: capped(data.likes),
    bookmarks: capped(data.bookmarks).map((postId) => ({ postId })),
    following: capped(data.following),
    followers: capped(data.followers),
    muted: capped(data.muted),
    blocked: capped(data.blocked),
    mutedWords: [...(user.mutedWords ?? [])].reverse(),
  };
  return {
    exportedAt,
    complete,
    account: toAccount(user),
    profile: {
      profilePic: view.picture(user),
      title: user.title,
      bio: user.bio,
      website: user.website,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
      extras: user.extras,
    },
    ...lists,
  };
}

/** The parts of an export from the whole data set (the in-browser back end). */
export function accountDataOf(db: Database, caller: StoredUser, view: Pick<SpecView, 'postImage'>): AccountData {
  const people = new Map(db.users.map((user) => [user._id, user]));
  const refs = (ids: readonly string[]) =>
    ids.flatMap((id) => {
      const person = people.get(id);
      return person ? [{ _id: person._id, username: person.username }] : [];
    });
  const newestFirst = [...db.posts].reverse();
  return {
    user: caller,
    posts: newestFirst.filter((post) => post.username === caller.username).map((post) => toExportedPost({ ...post, likeCount: post.likes.likeCount }, view)),
    likes: newestFirst.filter((post) => post.likes.likedBy.includes(caller._id)).map((post) => ({ postId: post._id, username: post.username })),
    bookmarks: [...caller.bookmarks].reverse(),
    following: refs([...caller.following].reverse()),
    followers: refs([...caller.followers].reverse()),
    muted: refs([...(caller.muting ?? [])].reverse()),
    blocked: refs([...(caller.blocking ?? [])].reverse()),
  };
}

const GRACE_MS = USERNAME_GRACE_DAYS * 24 * 3600_000;

/** SHA-256 of the username in lower case, as hex (usernames are unique regardless of case). */
export async function usernameDigest(username: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(username.toLowerCase())));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A sign-up call read: its form, the profile, the password hashed (each back end its own way) and the
 * username's digest, which a deleted account's reservation may hold (signUp refuses it).
 */
export async function readSignupCall(call: Pick<ApiCall, 'query' | 'body'>, hashPassword: (password: string) => Promise<string>) {
  const { password, ...profile } = readSignup(readJsonObject(call.body));
  return { compact: wantsCompact(call.query), profile, passwordHash: await hashPassword(password), nameDigest: await usernameDigest(profile.username) };
}

/** The reservation of `username` from `now` (an ISO time): free again after USERNAME_GRACE_DAYS. */
export async function reserveUsername(username: string, now: string): Promise<NameReservation> {
  return { digest: await usernameDigest(username), freeAt: new Date(Date.parse(now) + GRACE_MS).toISOString() };
}

/**
 * Deletes the account and everything it holds, in one change: its profile, posts (and the
 * notifications and bookmarks about them), likes, bookmarks, follows both ways, mutes and blocks both
 * ways, its notifications, and its place among the actors of others' notifications (a line left with
 * nobody goes). Others' counts stay exact: a like it gave is taken back from the post's count (a
 * dislike never raised one); follower counts and reply counts are counted from what is left. Replies
 * others wrote to its posts stay, as when a post is deleted. Its username is reserved (`reservation`);
 * reservations past their time are dropped.
 */
export function deleteAccount(db: Database, caller: StoredUser, reservation: NameReservation): Database {
  const id = caller._id;
  const ownPosts = new Set(db.posts.filter((post) => post.username === caller.username).map((post) => post._id));
  const users = db.users
    .filter((user) => user._id !== id)
    .map((user): StoredUser => {
      const touched =
        user.followers.includes(id) ||
        user.following.includes(id) ||
        user.bookmarks.some((postId) => ownPosts.has(postId)) ||
        !!user.muting?.includes(id) ||
        !!user.blocking?.includes(id);
      if (!touched) return user;
      return {
        ...user,
        followers: without(user.followers, id),
        following: without(user.following, id),
        bookmarks: user.bookmarks.filter((postId) => !ownPosts.has(postId)),
        ...(user.muting ? { muting: without(user.muting, id) } : {}),
        ...(user.blocking ? { blocking: without(user.blocking, id) } : {}),
      };
    });
  const posts = db.posts
    .filter((post) => !ownPosts.has(post._id))
    .map((post): StoredPost => {
      const { likedBy, dislikedBy, likeCount } = post.likes;
      // Its reposts go with it (the server's rows go by their foreign key).
      const reposted = post.reposts?.some((entry) => entry.userId === id) ? { reposts: post.reposts.filter((entry) => entry.userId !== id) } : undefined;
      if (!likedBy.includes(id) && !dislikedBy.includes(id)) return reposted ? { ...post, ...reposted } : post;
      const liked = likedBy.includes(id);
      return {
        ...post,
        ...reposted,
        likes: { likeCount: liked ? Math.max(0, likeCount - 1) : likeCount, likedBy: without(likedBy, id), dislikedBy: without(dislikedBy, id) },
      };
    });
  const notifications = db.notifications
    ?.filter((line) => line.userId !== id && (line.postId === undefined || !ownPosts.has(line.postId)))
    .map((line) => (line.actorIds.includes(id) ? { ...line, actorIds: without(line.actorIds, id) } : line))
    .filter((line) => line.actorIds.length > 0);
  // Its reports and those of its posts go; the audit log keeps what was done, naming it no more.
  const reports = db.reports?.filter((report) => report.reporterId !== id && !ownPosts.has(report.postId));
  const audit = db.audit?.map((entry): StoredAuditEntry => {
    const { moderatorId, userId, postId, ...rest } = entry;
    if (moderatorId !== id && userId !== id && !(postId && ownPosts.has(postId))) return entry;
    return {
      ...rest,
      moderatorId: moderatorId === id ? '' : moderatorId,
      ...(userId && userId !== id ? { userId } : {}),
      ...(postId && !ownPosts.has(postId) ? { postId } : {}),
    };
  });
  const now = Date.parse(reservation.freeAt) - GRACE_MS;
  const reservedNames = [...(db.reservedNames ?? []).filter((entry) => Date.parse(entry.freeAt) > now && entry.digest !== reservation.digest), reservation];
  return { ...db, users, posts, ...(notifications ? { notifications } : {}), ...(reports ? { reports } : {}), ...(audit ? { audit } : {}), reservedNames };
}
