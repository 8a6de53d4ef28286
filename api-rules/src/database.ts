/**
 * The back end's data as plain objects (no Mirage types), the refusal every rule throws, and the
 * projections to the API's shapes. Entities are never mutated: a rule returns a new `Database` that
 * shares what did not change, so a refused call changes nothing and persistence can save only the
 * entities whose object changed.
 */
import type { ModerationAction, NotificationKind, Post, ReportReason, User, UserSummary } from '@chirp/contracts';
import { DECIDED_ERRORS, LIMITS, SPEC_ERRORS } from './decisions';

export interface StoredUser {
  _id: string;
  username: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  profilePic: string;
  title: string;
  bio: string;
  website: string;
  /** Post ids. */
  bookmarks: string[];
  /** User ids: entries are projected to current summaries on every read. */
  followers: string[];
  following: string[];
  /** Any other sign-up fields, stored as given (spec 3). */
  extras: Record<string, string>;
  /** The account's email address, set in its settings: unique regardless of case; '' or absent for none. */
  email?: string;
  /** User ids this user muted and blocked (safety-rules.ts), oldest first; absent in data saved before them. */
  muting?: string[];
  blocking?: string[];
  /** Words, phrases and `#tags` muted (normalised: @chirp/contracts' muted-words.ts), oldest first. */
  mutedWords?: string[];
  /** Moves on at each password change and "sign out everywhere": tokens of an older one are refused (absent: 0). */
  sessionVersion?: number;
  /** The `moderator` role: reads the reports and acts on them (moderation-rules.ts). */
  moderator?: true;
  /** Suspended by moderators: no log-in, and none of its posts is shown. */
  suspended?: true;
  createdAt: string;
  updatedAt: string;
}

/** One image of a post and its description (alt text), as kept. */
export interface StoredImage {
  image: string;
  alt?: string;
}

export interface StoredPost {
  _id: string;
  content: string;
  /** The first image (a one-image post's only one). */
  image?: string;
  /** The image's description, as its author wrote it. */
  imageAlt?: string;
  /** The second to fourth images, in order (absent: at most one). */
  moreImages?: StoredImage[];
  /** The author's username (spec 3); usernames never change. */
  username: string;
  /** `likedBy` and `dislikedBy` hold user ids. */
  likes: { likeCount: number; likedBy: string[]; dislikedBy: string[] };
  createdAt: string;
  updatedAt: string;
  /**
   * The order posts were made in (1, 2, 3…): it orders posts made within the same second. Stored by
   * each back end (data saved before it existed reads as 0); never part of an answer.
   */
  seq?: number;
  /** The post this one replies to. It may since have been deleted: the reply stays. */
  replyTo?: string;
  /** Hidden by moderators: only its author is shown it, marked so. */
  removed?: true;
  /** The post this one quotes. It may since have been deleted: the quote stays, and says so. */
  quoteOf?: string;
  /** Who reposted it, oldest first (absent: nobody, or data saved before reposts). */
  reposts?: StoredRepost[];
}

/** One person's repost of a post: when (the Following list shows the post then), in the order made. */
export interface StoredRepost {
  userId: string;
  at: string;
  /** The order reposts were made in; a database that numbers rows itself ignores this one. */
  seq: number;
}

export interface Database {
  /** HS256 key of this data set's tokens: new seeds, new key, so old tokens stop working. */
  tokenSecret: string;
  users: StoredUser[];
  posts: StoredPost[];
  /**
   * Notifications, where a back end keeps them with the rest (the in-browser one); the
   * server keeps them in their own table and leaves this out.
   */
  notifications?: StoredNotification[];
  /** Reports and the moderators' audit log, where a back end keeps them with the rest (the in-browser one). */
  reports?: StoredReport[];
  audit?: StoredAuditEntry[];
  /** Usernames of deleted accounts, reserved for a while (account-data-rules.ts); the server keeps a table. */
  reservedNames?: NameReservation[];
}

/** One reporter's report of one post; `resolvedAt` once a moderator acted on the post or dismissed its reports. */
export interface StoredReport {
  reporterId: string;
  postId: string;
  reason: ReportReason;
  details: string;
  createdAt: string;
  resolvedAt?: string;
}

/** One moderator action, as the audit log keeps it. */
export interface StoredAuditEntry {
  _id: string;
  moderatorId: string;
  action: ModerationAction;
  postId?: string;
  /** The account acted on (suspend), or the post's author (hide, restore, dismiss). */
  userId?: string;
  at: string;
  /** The order actions were taken in (newest first by it). */
  seq: number;
}

/** A deleted account's username, kept out of sign-up until `freeAt`: only a digest of it, so nothing names the person. */
export interface NameReservation {
  digest: string;
  freeAt: string;
}

/**
 * One line of someone's notifications. Likes of one post, its reposts, and follows, gather in one line
 * while it is unread (`group`); a reply, a mention or a quote is a line of its own.
 */
export interface StoredNotification {
  _id: string;
  /** The user notified. */
  userId: string;
  kind: NotificationKind;
  /** Which line an event joins while unread: `like:{postId}`, `repost:{postId}`, `follow`, `reply:{postId}`, `mention:{postId}`, `quote:{postId}` (the quoting post). */
  group: string;
  postId?: string;
  /** Who acted, the newest first. */
  actorIds: string[];
  read: boolean;
  updatedAt: string;
  /** Newest first by this: a line that gains an actor moves to the top. */
  seq: number;
}

/** What a call needs from outside a pure rule: the time and a fresh id. */
export interface Moment {
  now: string;
  newId: () => string;
}

/** A refused call: the status and the text of `{ errors: [text] }`, and headers to send with it. */
export class Refusal extends Error {
  readonly status: number;
  readonly headers?: Record<string, string>;

  constructor(status: number, message: string, headers?: Record<string, string>) {
    super(message);
    this.name = 'Refusal';
    this.status = status;
    this.headers = headers;
  }
}

export function refuse(status: number, message: string): never {
  throw new Refusal(status, message);
}

export function findUserById(db: Database, userId: string): StoredUser {
  return db.users.find((user) => user._id === userId) ?? refuse(404, DECIDED_ERRORS.userNotFound);
}

export function findUserByUsername(db: Database, username: string): StoredUser | undefined {
  return db.users.find((user) => user.username === username);
}

/** Texts compared as people mean them: regardless of case. */
export const sameIgnoringCase = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function findPost(db: Database, postId: string): StoredPost {
  return db.posts.find((post) => post._id === postId) ?? refuse(404, DECIDED_ERRORS.postNotFound);
}

/** What a verified token's claims are checked against: all a back end needs to read of the account. */
export type CallerStamp = Pick<StoredUser, 'username' | 'sessionVersion'>;

/**
 * The account a verified token names, as found (none: gone). A token outliving its user is refused
 * (decision), and one of an older session version (a password changed since, or every session signed
 * out) with a 401.
 */
export function checkCaller<User extends CallerStamp>(user: User | undefined, claims: { username: string; sv?: number }): User {
  if (!user || user.username !== claims.username) refuse(404, SPEC_ERRORS.notRegistered);
  if ((claims.sv ?? 0) !== (user.sessionVersion ?? 0)) refuse(401, SPEC_ERRORS.invalidToken);
  return user;
}

/** The caller named by a verified token (checkCaller). */
export function findCaller(db: Database, claims: { _id: string; username: string; sv?: number }): StoredUser {
  return checkCaller(
    db.users.find((candidate) => candidate._id === claims._id),
    claims,
  );
}

export function replaceUsers(db: Database, ...changed: StoredUser[]): Database {
  const byId = new Map(changed.map((user) => [user._id, user]));
  return { ...db, users: db.users.map((user) => byId.get(user._id) ?? user) };
}

export function replacePost(db: Database, changed: StoredPost): Database {
  return { ...db, posts: db.posts.map((post) => (post._id === changed._id ? changed : post)) };
}

export const without = (ids: readonly string[], id: string) => ids.filter((entry) => entry !== id);

/** Looks users up by id for the projections of one response. */
export type UserIndex = ReadonlyMap<string, StoredUser>;
/** What a projection needs of the people it names: a `UserIndex` or a store's summaries. */
export type SummaryIndex = ReadonlyMap<string, UserSummary>;
export const indexUsers = (db: Database): UserIndex => new Map(db.users.map((user) => [user._id, user]));

export function toSummary(user: UserSummary): UserSummary {
  const { _id, username, firstName, lastName, profilePic } = user;
  return { _id, username, firstName, lastName, profilePic };
}

/** Whose picture or image an answer names: enough to address it by URL. */
export interface PictureOwner {
  _id: string;
  profilePic: string;
  /** Versions the URL of a large picture, so a new one gets a new URL. */
  updatedAt?: string;
}

/**
 * How a spec-form answer stays bounded whatever the network holds: large inline pictures and post
 * images are named by URL (each back end serves its own), and lists of people are capped, with the
 * caller kept in them so a client still sees its own like or follow.
 */
export interface SpecView {
  viewerId: string | null;
  picture: (owner: PictureOwner) => string;
  /** `position`: which of the post's images (1, the first, unless said); `image` is that one. */
  postImage: (post: Pick<StoredPost, '_id' | 'image' | 'updatedAt'> & { image: string }, position?: number) => string;
}

/**
 * At most `max` of `ids`, the newest (last added) first kept; `keep` (the caller) stays in when it is
 * among them. The spec keeps the whole list; a capped one keeps the spec's shape and its count
 * stays exact beside it (`likeCount`), so only its length says anything was left out.
 */
export function capIds(ids: readonly string[], max: number, keep: string | null): readonly string[] {
  if (ids.length <= max) return ids;
  const shown = ids.slice(-max);
  if (keep !== null && !shown.includes(keep) && ids.includes(keep)) shown[0] = keep;
  return shown;
}

function summaries(ids: readonly string[], users: SummaryIndex, view: SpecView, max: number): UserSummary[] {
  return capIds(ids, max, view.viewerId).flatMap((id) => {
    const user = users.get(id);
    return user ? [toSummary({ ...user, profilePic: view.picture(user) })] : [];
  });
}

/**
 * A user as the API returns it: never the password, follow lists as current summaries. Bookmarks and
 * the extra sign-up fields are the user's own business: shown only when the viewer is the user
 * (others see an empty bookmark list and none of the extra fields). Who the viewer follows is whole
 * (a client decides Follow or Following from it); every other list of people is capped.
 */
export function toPublicUser(user: StoredUser, users: SummaryIndex, view: SpecView): User {
  // The email address is the settings' (GET /api/account), never a profile's.
  const {
    passwordHash: _hash,
    email: _email,
    muting: _muting,
    blocking: _blocking,
    sessionVersion: _version,
    moderator: _moderator,
    suspended: _suspended,
    extras,
    followers,
    following,
    ...fields
  } = user;
  const own = view.viewerId === user._id;
  return {
    ...(own ? extras : {}),
    ...fields,
    profilePic: view.picture(user),
    bookmarks: own ? [...user.bookmarks] : [],
    followers: summaries(followers, users, view, LIMITS.maxSpecPeople),
    following: summaries(following, users, view, own ? Infinity : LIMITS.maxSpecPeople),
  };
}

/** Spec 7's post: exactly its fields (a reply's `replyTo` is the compact form's, beside the spec's). */
export function toPublicPost(post: StoredPost, users: SummaryIndex, view: SpecView): Post {
  // The spec's post has one image: the others, like the descriptions, are the compact form's.
  const { likes, seq: _seq, replyTo: _replyTo, removed: _removed, imageAlt: _imageAlt, moreImages: _more, quoteOf: _quoteOf, reposts: _reposts, ...fields } = post;
  return {
    ...fields,
    ...(post.image === undefined ? {} : { image: view.postImage({ ...post, image: post.image }) }),
    likes: {
      likeCount: likes.likeCount,
      likedBy: summaries(likes.likedBy, users, view, LIMITS.maxSpecPeople),
      dislikedBy: summaries(likes.dislikedBy, users, view, LIMITS.maxSpecPeople),
    },
  };
}

// Shape checks for data read back from storage: anything else is replaced by the seeds.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isText);

export function isStoredUser(value: unknown): value is StoredUser {
  if (!isRecord(value)) return false;
  const texts = ['_id', 'username', 'firstName', 'lastName', 'passwordHash', 'profilePic', 'title', 'bio', 'website', 'createdAt', 'updatedAt'];
  return (
    texts.every((key) => isText(value[key])) &&
    ['bookmarks', 'followers', 'following'].every((key) => isTextList(value[key])) &&
    isRecord(value.extras) &&
    Object.values(value.extras).every(isText) &&
    (value.email === undefined || isText(value.email)) &&
    (value.muting === undefined || isTextList(value.muting)) &&
    (value.blocking === undefined || isTextList(value.blocking)) &&
    (value.sessionVersion === undefined || Number.isSafeInteger(value.sessionVersion)) &&
    (value.moderator === undefined || value.moderator === true) &&
    (value.suspended === undefined || value.suspended === true)
  );
}

const isStoredImage = (value: unknown) => isRecord(value) && isText(value.image) && (value.alt === undefined || isText(value.alt));

const isStoredRepost = (value: unknown) =>
  isRecord(value) && isText(value.userId) && isText(value.at) && Number.isSafeInteger(value.seq);

export function isStoredPost(value: unknown): value is StoredPost {
  if (!isRecord(value) || !isRecord(value.likes)) return false;
  const { likes } = value;
  return (
    ['_id', 'content', 'username', 'createdAt', 'updatedAt'].every((key) => isText(value[key])) &&
    (value.image === undefined || isText(value.image)) &&
    (value.imageAlt === undefined || isText(value.imageAlt)) &&
    (value.moreImages === undefined || (Array.isArray(value.moreImages) && value.moreImages.every(isStoredImage))) &&
    (value.seq === undefined || Number.isSafeInteger(value.seq)) &&
    (value.replyTo === undefined || isText(value.replyTo)) &&
    (value.quoteOf === undefined || isText(value.quoteOf)) &&
    (value.reposts === undefined || (Array.isArray(value.reposts) && value.reposts.every(isStoredRepost))) &&
    Number.isInteger(likes.likeCount) &&
    (likes.likeCount as number) >= 0 &&
    isTextList(likes.likedBy) &&
    isTextList(likes.dislikedBy)
  );
}

const KINDS: readonly string[] = ['like', 'follow', 'reply', 'mention', 'repost', 'quote'];

export function isStoredNotification(value: unknown): value is StoredNotification {
  if (!isRecord(value)) return false;
  return (
    ['_id', 'userId', 'group', 'updatedAt'].every((key) => isText(value[key])) &&
    KINDS.includes(value.kind as string) &&
    (value.postId === undefined || isText(value.postId)) &&
    isTextList(value.actorIds) &&
    typeof value.read === 'boolean' &&
    Number.isSafeInteger(value.seq)
  );
}
