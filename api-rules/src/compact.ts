/**
 * The compact form of the API (`?view=compact`): answers sized by what a screen shows. A post carries
 * its like count and the caller's own reactions instead of the lists of likers; a person carries a
 * picture URL instead of a large inline image; a profile carries counts instead of follow lists; a
 * list is always one page and a cursor. The spec's own answers are untouched: this is asked for.
 *
 * Everything here is a plain function over the rules' `Database`, for the in-browser back end; the
 * server answers the same shapes from SQL (server/src/api/compact-routes.ts) and the contract suite
 * holds both to them.
 */
import { hiddenFrom, profileForViewer, relationOf } from './safety-rules';
import { mentionsIn, mutedWordIn, type CompactPost, type DeletedPost, type PersonCard, type Profile, type UserSummary } from '@chirp/contracts';
import { findUserByUsername, refuse, toSummary, type Database, type PictureOwner, type SpecView, type StoredPost, type StoredRepost, type StoredUser } from './database';
import { DECIDED_ERRORS, LIMITS } from './decisions';
import { findShownPost, isShownTo, viewerNameIn } from './moderation-rules';
export type { DeletedPost };
import { decodeBase64Url, encodeBase64Url } from './paging';
import { imagesField, imagesOf } from './post-images';

/** Whether the caller asked for the compact form; any other `view` is refused, not ignored. */
export function wantsCompact(query: URLSearchParams): boolean {
  const view = query.get('view');
  if (view === null) return false;
  return view === 'compact' || refuse(400, DECIDED_ERRORS.badView);
}

/**
 * The URL a compact answer gives for a person's picture. Pictures up to `LIMITS.maxInlinePicture`
 * characters (paths, http(s) URLs, small data: images) are kept as they are; each back end turns a
 * larger inline picture into a URL of its own (the server serves it; the in-browser back end makes an
 * object URL of the page).
 */
export type PictureUrl = (owner: PictureOwner) => string;

/** Who is asking (absent: nobody signed in, so every "…ByMe" is false) and how pictures are addressed. */
export interface Viewer {
  caller?: StoredUser;
  picture: PictureUrl;
  postImage: SpecView['postImage'];
}

export const isInlinePicture = (picture: string) => picture.length <= LIMITS.maxInlinePicture;

export function toCard(user: StoredUser, viewer: Viewer): UserSummary {
  return toSummary({ ...user, profilePic: viewer.picture(user) });
}

export function toPersonCard(user: StoredUser, viewer: Viewer): PersonCard {
  return { ...toCard(user, viewer), followedByMe: viewer.caller?.following.includes(user._id) ?? false };
}

export function toCompactPost(db: Database, post: StoredPost, viewer: Viewer): CompactPost {
  const author = findUserByUsername(db, post.username);
  const me = viewer.caller?._id;
  return {
    _id: post._id,
    content: post.content,
    ...(post.image === undefined ? {} : { image: viewer.postImage({ ...post, image: post.image }) }),
    ...(post.imageAlt === undefined ? {} : { imageAlt: post.imageAlt }),
    ...imagesField(imagesOf(post), (image, position) => viewer.postImage({ ...post, image }, position)),
    username: post.username,
    author: author ? toCard(author, viewer) : { _id: '', username: post.username, firstName: '', lastName: '', profilePic: '' },
    likeCount: post.likes.likeCount,
    likedByMe: me !== undefined && post.likes.likedBy.includes(me),
    dislikedByMe: me !== undefined && post.likes.dislikedBy.includes(me),
    bookmarkedByMe: viewer.caller?.bookmarks.includes(post._id) ?? false,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    ...replyFields(db, post),
    replyCount: shownReplyCount(db, post._id),
    mentions: mentionedUsers(db, post.content),
    ...(post.removed ? { removedByModerators: true as const } : {}),
    ...mutedWordField(viewer.caller?.mutedWords, post.content, post.username === viewer.caller?.username),
    repostCount: post.reposts?.length ?? 0,
    repostedByMe: me !== undefined && (post.reposts ?? []).some((entry) => entry.userId === me),
    ...quoteFields(db, post, viewer),
  };
}

/**
 * What a quote embeds: the quoted post as its card shows it, or the deleted marker where it is gone;
 * marked `unavailable` too where it is there but not shown to the viewer (hidden by moderators, its
 * author suspended, or by someone the viewer blocks or is blocked by).
 */
function quoteFields(db: Database, post: StoredPost, viewer: Viewer): Pick<CompactPost, 'quoteOf' | 'quote'> {
  const quoteOf = post.quoteOf;
  if (quoteOf === undefined) return {};
  const quoted = db.posts.find((entry) => entry._id === quoteOf);
  const author = quoted && findUserByUsername(db, quoted.username);
  const relation = author && viewer.caller ? relationOf(viewer.caller, author) : undefined;
  if (!quoted || !author) return { quoteOf, quote: { _id: quoteOf, deleted: true } };
  if (!isShownTo(quoted, author, viewer.caller?.username) || relation?.blockedByMe || relation?.blocksMe) {
    return { quoteOf, quote: { _id: quoteOf, deleted: true, unavailable: true } };
  }
  return {
    quoteOf,
    quote: {
      _id: quoted._id,
      content: quoted.content,
      ...(quoted.image === undefined ? {} : { image: viewer.postImage({ ...quoted, image: quoted.image }) }),
      ...(quoted.imageAlt === undefined ? {} : { imageAlt: quoted.imageAlt }),
      ...imagesField(imagesOf(quoted), (image, position) => viewer.postImage({ ...quoted, image }, position)),
      username: quoted.username,
      author: toCard(author, viewer),
      createdAt: quoted.createdAt,
    },
  };
}

/** The first of the viewer's muted words a post holds, as the compact form says it (never on the viewer's own posts). */
export function mutedWordField(mutedWords: readonly string[] | undefined, content: string, ownPost: boolean): { mutedWord?: string } {
  const word = ownPost || !mutedWords ? undefined : mutedWordIn(content, mutedWords);
  return word === undefined ? {} : { mutedWord: word };
}

/** The replies to a post that anyone is shown: not those moderators hid, nor those of suspended authors. */
function shownReplyCount(db: Database, postId: string): number {
  const suspended = new Set(db.users.flatMap((user) => (user.suspended ? [user.username] : [])));
  return db.posts.reduce((count, entry) => count + (entry.replyTo === postId && !entry.removed && !suspended.has(entry.username) ? 1 : 0), 0);
}

function replyFields(db: Database, post: StoredPost): Pick<CompactPost, 'replyTo' | 'replyingTo'> {
  if (post.replyTo === undefined) return {};
  const parent = db.posts.find((entry) => entry._id === post.replyTo);
  return parent ? { replyTo: post.replyTo, replyingTo: parent.username } : { replyTo: post.replyTo };
}

/** The people a text mentions who exist, by their usernames as spelled, in the order of their lower-case names. */
function mentionedUsers(db: Database, content: string): string[] {
  const names = mentionsIn(content).sort();
  if (names.length === 0) return [];
  return names.flatMap((name) => {
    const user = db.users.find((entry) => entry.username.toLowerCase() === name);
    return user ? [user.username] : [];
  });
}

// Conversations: threads and replies, which the spec does not have.

/**
 * A post's page: the posts it replies to, the first of the conversation first. A post deleted on the
 * way is a `DeletedPost`, and the chain stops there (what it replied to is no longer known); one the
 * viewer is not shown (moderators hid it) stands as an `unavailable` one, and the chain goes on above it.
 */
export function threadOf(db: Database, postId: string, viewerId: string | null = null): { ancestors: (StoredPost | DeletedPost)[]; post: StoredPost } {
  const post = findShownPost(db, postId, viewerId);
  const viewerName = viewerNameIn(db, viewerId);
  const ancestors: (StoredPost | DeletedPost)[] = [];
  let parentId = post.replyTo;
  while (parentId !== undefined && ancestors.length < LIMITS.maxThreadDepth) {
    const parent = db.posts.find((entry) => entry._id === parentId);
    if (!parent) {
      ancestors.unshift({ _id: parentId, deleted: true });
      break;
    }
    ancestors.unshift(isShownTo(parent, findUserByUsername(db, parent.username), viewerName) ? parent : { _id: parent._id, deleted: true, unavailable: true });
    parentId = parent.replyTo;
  }
  return { ancestors, post };
}

/** The replies to a post that exists. */
export function repliesTo(db: Database, postId: string): StoredPost[] {
  if (!db.posts.some((entry) => entry._id === postId)) refuse(404, DECIDED_ERRORS.postNotFound);
  return db.posts.filter((entry) => entry.replyTo === postId);
}

/** The replies a user wrote; an unknown username is refused. */
export function repliesOfUser(db: Database, username: string): StoredPost[] {
  if (!findUserByUsername(db, username)) refuse(404, DECIDED_ERRORS.userNotFound);
  return db.posts.filter((entry) => entry.username === username && entry.replyTo !== undefined);
}

export function toProfile(db: Database, user: StoredUser, viewer: Viewer): Profile {
  return profileForViewer(wholeProfile(db, user, viewer), relationOf(viewer.caller, user));
}

function wholeProfile(db: Database, user: StoredUser, viewer: Viewer): Profile {
  return {
    ...toPersonCard(user, viewer),
    title: user.title,
    bio: user.bio,
    website: user.website,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    postCount: db.posts.reduce((count, post) => count + (post.username === user.username ? 1 : 0), 0),
    followerCount: user.followers.length,
    followingCount: user.following.length,
    ...(user.suspended ? { suspended: true as const } : {}),
  };
}

// The lists the screens scroll that the spec has no call for.

/** The caller's bookmarked posts (a post deleted since is simply not there). */
export function bookmarkedPosts(db: Database, caller: StoredUser): StoredPost[] {
  const wanted = new Set(caller.bookmarks);
  return db.posts.filter((post) => wanted.has(post._id));
}

/**
 * The caller's home: the posts that start a conversation written by the people they follow, or by
 * themselves. Read at query time (fan-out on read; docs/decisions.md says where that stops paying).
 */
export function followingPosts(db: Database, caller: StoredUser): StoredPost[] {
  const authors = new Set(db.users.filter((user) => user._id === caller._id || caller.following.includes(user._id)).map((user) => user.username));
  return db.posts.filter((post) => post.replyTo === undefined && authors.has(post.username));
}

/** One line of the Following list: a post, at the time it stands there, and who reposted it there. */
export interface FollowingEntry {
  post: StoredPost;
  at: string;
  seq: number;
  repostedBy?: StoredUser;
}

const laterRepost = (a: StoredRepost, b: StoredRepost) => {
  const [timeA, timeB] = [Date.parse(a.at), Date.parse(b.at)];
  return timeA !== timeB ? timeA > timeB : a.seq > b.seq;
};

/**
 * The caller's Following list with reposts: each post once, at the latest repost of it by someone the
 * caller follows (or by the caller), named as its reposter; a post nobody followed reposted stands at
 * its own time when it is one of the list's own (`followingPosts`). Reposts by people the caller muted
 * or blocked, or who blocked them, or who are suspended, do not count.
 */
export function followingTimeline(db: Database, caller: StoredUser): FollowingEntry[] {
  const followed = new Set([caller._id, ...caller.following]);
  const hidden = hiddenFrom(db, caller);
  const byId = new Map(db.users.map((user) => [user._id, user]));
  const counts = (entry: StoredRepost) => followed.has(entry.userId) && !hidden.has(entry.userId) && byId.get(entry.userId)?.suspended !== true;
  const own = new Set(followingPosts(db, caller).map((post) => post._id));
  return db.posts.flatMap((post): FollowingEntry[] => {
    const latest = (post.reposts ?? []).filter(counts).reduce<StoredRepost | undefined>((best, entry) => (!best || laterRepost(entry, best) ? entry : best), undefined);
    if (latest) return [{ post, at: latest.at, seq: latest.seq, repostedBy: byId.get(latest.userId) }];
    return own.has(post._id) ? [{ post, at: post.createdAt, seq: post.seq ?? 0 }] : [];
  });
}

/** The people who repost a post, by username like every list of people. */
export function repostersOf(db: Database, post: StoredPost): StoredUser[] {
  const ids = new Set((post.reposts ?? []).map((entry) => entry.userId));
  return db.users.filter((entry) => ids.has(entry._id));
}

/** The posts a user likes; an unknown username is refused. */
export function likedPosts(db: Database, username: string): StoredPost[] {
  const user = findUserByUsername(db, username) ?? refuse(404, DECIDED_ERRORS.userNotFound);
  return db.posts.filter((post) => post.likes.likedBy.includes(user._id));
}

/** The people who like a post (paged like every list of people: by username). */
export function likersOf(db: Database, post: StoredPost): StoredUser[] {
  const ids = new Set(post.likes.likedBy);
  return db.users.filter((entry) => ids.has(entry._id));
}

export function followersOf(db: Database, user: StoredUser): StoredUser[] {
  const ids = new Set(user.followers);
  return db.users.filter((entry) => ids.has(entry._id));
}

export function followingOf(db: Database, user: StoredUser): StoredUser[] {
  const ids = new Set(user.following);
  return db.users.filter((entry) => ids.has(entry._id));
}

/** `q`, trimmed: required, at most `LIMITS.maxSearchText` characters. */
export function readSearchText(query: URLSearchParams): string {
  const text = query.get('q')?.trim() ?? '';
  if (!text) refuse(400, DECIDED_ERRORS.noSearchText);
  if ([...text].length > LIMITS.maxSearchText) refuse(400, DECIDED_ERRORS.searchTextTooLong);
  return text;
}

/** Spec 5: a case-insensitive substring of the username, the first name or the last name. */
export function matchesSearch(user: Pick<StoredUser, 'username' | 'firstName' | 'lastName'>, text: string): boolean {
  const needle = text.toLowerCase();
  return [user.username, user.firstName, user.lastName].some((field) => field.toLowerCase().includes(needle));
}

export function searchUsers(db: Database, text: string): StoredUser[] {
  return db.users.filter((user) => matchesSearch(user, text));
}

/** Spec 4: suggestions leave out the caller and anyone the caller follows. */
export function suggestedUsers(db: Database, caller: StoredUser): StoredUser[] {
  const followed = new Set(caller.following);
  return db.users.filter((user) => user._id !== caller._id && !followed.has(user._id));
}

// Pages of people: alphabetical by username (case-insensitive), keyset-paged on (name, id).

export interface PeoplePageRequest {
  limit: number;
  cursor?: string;
}

/** `limit` (1 to 100, default 20) and `cursor` of a list of people. */
export function readPeoplePageRequest(query: URLSearchParams): PeoplePageRequest {
  const limitText = query.get('limit');
  if (limitText !== null && !/^\d{1,3}$/.test(limitText)) refuse(400, DECIDED_ERRORS.badLimit);
  const limit = limitText === null ? LIMITS.defaultPageSize : Number(limitText);
  if (limit < 1 || limit > LIMITS.maxPageSize) refuse(400, DECIDED_ERRORS.badLimit);
  return { limit, cursor: query.get('cursor') ?? undefined };
}

export type PersonKey = [name: string, id: string];

export const personKey = (user: Pick<StoredUser, 'username' | '_id'>): PersonKey => [user.username.toLowerCase(), user._id];

const comparePeople = (a: PersonKey, b: PersonKey) =>
  a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;

export function encodePeopleCursor(key: PersonKey): string {
  return encodeBase64Url(JSON.stringify({ people: key }));
}

/** The key a page of people starts after; anything this code did not make is refused. */
export function decodePeopleCursor(cursor: string): PersonKey {
  try {
    const parsed: unknown = JSON.parse(decodeBase64Url(cursor));
    const key = (parsed as { people?: unknown }).people;
    if (
      Object.keys(parsed as object).length === 1 &&
      Array.isArray(key) &&
      key.length === 2 &&
      key.every((part) => typeof part === 'string' && part.length <= 100)
    ) {
      return key as PersonKey;
    }
  } catch {
    // falls through to the refusal
  }
  return refuse(400, DECIDED_ERRORS.badCursor);
}

/** The people after the cursor, alphabetical, at most `limit`, and the cursor of the next page. */
export function pagePeople(
  users: readonly StoredUser[],
  request: PeoplePageRequest,
): { users: StoredUser[]; nextCursor: string | null } {
  const after = request.cursor === undefined ? undefined : decodePeopleCursor(request.cursor);
  const ordered = users
    .map((user) => ({ user, key: personKey(user) }))
    .filter(({ key }) => after === undefined || comparePeople(key, after) > 0)
    .sort((a, b) => comparePeople(a.key, b.key));
  const chosen = ordered.slice(0, request.limit);
  const last = chosen[chosen.length - 1];
  return {
    users: chosen.map(({ user }) => user),
    nextCursor: ordered.length > request.limit && last ? encodePeopleCursor(last.key) : null,
  };
}
