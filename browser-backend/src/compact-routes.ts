/**
 * The compact form's answers and the read calls the screens need beyond spec 7 (docs/api.md, "Compact
 * answers"). Every list here is one page and a cursor; every post and person is compact.
 */
import { type AskedBy, optionalClaims, reply, viewerIn, type ApiCall, type RouteHandler } from './http';
import type { Backend } from './backend';
import {
  blockedEitherWay,
  postsListedFor,
  bookmarkedPosts,
  type Database,
  findCaller,
  findShownPost,
  findUserById,
  findUserByUsername,
  followersOf,
  followingPosts,
  followingOf,
  likedPosts,
  likersOf,
  repostersOf,
  followingTimeline,
  type FollowingEntry,
  toCard,
  LIMITS,
  pagePeople,
  pagePosts,
  readPageRequest,
  readPeoplePageRequest,
  readSearchText,
  refuse,
  DECIDED_ERRORS,
  type RouteName,
  searchPosts,
  searchUsers,
  type StoredPost,
  type StoredUser,
  suggestedUsers,
  toCompactPost,
  toPersonCard,
  toProfile,
  type Viewer,
} from '@chirp/api-rules';

/** One page of posts, compact: `limit` and `cursor` as the spec's lists take them (default 20). */
export function postPageReply(db: Database, posts: readonly StoredPost[], query: URLSearchParams, viewer: Viewer) {
  const { sort, page } = readPageRequest(query);
  // A list never shows the viewer the posts of people they muted or blocked, or who blocked them.
  const shown = postsListedFor(db, posts, viewer.caller);
  const paged = pagePosts(shown, { sort, page: page ?? { limit: LIMITS.defaultPageSize } });
  return reply({ posts: paged.posts.map((post) => toCompactPost(db, post, viewer)), nextCursor: paged.nextCursor });
}

/** One page of people, without those blocked either way (but in the list of the people one blocked). */
function peoplePageReply(db: Database, users: readonly StoredUser[], query: URLSearchParams, viewer: Viewer, showBlocked = false, showSuspended = showBlocked) {
  const hidden = showBlocked ? new Set<string>() : blockedEitherWay(db, viewer.caller);
  // A suspended account is listed nowhere but in one's own lists of people muted and blocked.
  if (!showSuspended) for (const user of db.users) if (user.suspended) hidden.add(user._id);
  const page = pagePeople(hidden.size === 0 ? users : users.filter((user) => !hidden.has(user._id)), readPeoplePageRequest(query));
  return reply({ users: page.users.map((user) => toPersonCard(user, viewer)), nextCursor: page.nextCursor });
}

/**
 * The viewer of a read: the caller when a token is sent (a token that is not valid is refused). A
 * valid token whose user is gone reads as nobody, as on the server.
 */
async function readingViewer(call: ApiCall, backend: Backend): Promise<Viewer> {
  const claims = await optionalClaims(call, backend);
  const known = claims && backend.db.users.some((user) => user._id === claims._id && user.username === claims.username);
  return viewerIn(backend.db, known ? claims : undefined);
}

/** A changed post as the caller now sees it. */
export function compactPostAnswer(db: Database, postId: string, { claims }: AskedBy, status = 200) {
  return reply({ post: toCompactPost(db, findShownPost(db, postId, claims?._id), viewerIn(db, claims)) }, status);
}

/** Both sides of a follow as compact profiles (their counts already moved). */
export function compactFollowAnswer(db: Database, user: StoredUser, followUser: StoredUser, { claims }: AskedBy) {
  const viewer = viewerIn(db, claims);
  return reply({ user: toProfile(db, user, viewer), followUser: toProfile(db, followUser, viewer) });
}

const userOf = (call: ApiCall, db: Database) => findUserById(db, call.params.userId!);

/** The people who like or repost a post: only a post the viewer is shown has them to show. */
const peopleOfPost =
  (people: (db: Database, post: StoredPost) => StoredUser[]): RouteHandler =>
  async (call, backend) => {
    const viewer = await readingViewer(call, backend);
    const post = findShownPost(backend.db, call.params.postId!, viewer.caller?._id);
    return peoplePageReply(backend.db, people(backend.db, post), call.query, viewer);
  };

/**
 * The Following list's page: its lines paged at the time each stands at (a repost's, or the post's
 * own), each post compact, with who reposted it there.
 */
function followingPageReply(db: Database, lines: readonly FollowingEntry[], query: URLSearchParams, viewer: Viewer) {
  const { sort, page } = readPageRequest(query);
  const byId = new Map(lines.map((line) => [line.post._id, line]));
  const keys = postsListedFor(db, lines.map((line) => ({ ...line.post, createdAt: line.at, seq: line.seq })), viewer.caller);
  const paged = pagePosts(keys, { sort, page: page ?? { limit: LIMITS.defaultPageSize } });
  return reply({
    posts: paged.posts.map((key) => {
      const { post, repostedBy } = byId.get(key._id)!;
      return { ...toCompactPost(db, post, viewer), ...(repostedBy ? { repostedBy: toCard(repostedBy, viewer) } : {}) };
    }),
    nextCursor: paged.nextCursor,
  });
}

export const compactHandlers = {
  bookmarkedPosts: async (call, backend, claims) => {
    const { db } = backend;
    return postPageReply(db, bookmarkedPosts(db, findCaller(db, claims!)), call.query, viewerIn(db, claims));
  },
  followingPosts: async (call, backend, claims) => {
    const { db } = backend;
    const caller = findCaller(db, claims!);
    // Reposts stand at their time, so they join the newest-first list; the most liked stays the posts' own.
    if (readPageRequest(call.query).sort === 'trending') return postPageReply(db, followingPosts(db, caller), call.query, viewerIn(db, claims));
    return followingPageReply(db, followingTimeline(db, caller), call.query, viewerIn(db, claims));
  },
  likedPosts: async (call, backend) => {
    const viewer = await readingViewer(call, backend);
    return postPageReply(backend.db, likedPosts(backend.db, call.params.username!), call.query, viewer);
  },
  userByUsername: async (call, backend) => {
    const viewer = await readingViewer(call, backend);
    const user = findUserByUsername(backend.db, call.params.username!) ?? refuse(404, DECIDED_ERRORS.userNotFound);
    return reply({ user: toProfile(backend.db, user, viewer) });
  },
  followers: async (call, backend) => {
    const viewer = await readingViewer(call, backend);
    return peoplePageReply(backend.db, followersOf(backend.db, userOf(call, backend.db)), call.query, viewer);
  },
  following: async (call, backend) => {
    const viewer = await readingViewer(call, backend);
    return peoplePageReply(backend.db, followingOf(backend.db, userOf(call, backend.db)), call.query, viewer);
  },
  likers: peopleOfPost(likersOf),
  reposters: peopleOfPost(repostersOf),
  searchUsers: async (call, backend) => {
    const viewer = await readingViewer(call, backend);
    return peoplePageReply(backend.db, searchUsers(backend.db, readSearchText(call.query)), call.query, viewer);
  },
  searchPosts: async (call, backend) => {
    const viewer = await readingViewer(call, backend);
    return postPageReply(backend.db, searchPosts(backend.db, readSearchText(call.query)), call.query, viewer);
  },
  suggestions: async (call, backend, claims) => {
    const viewer = viewerIn(backend.db, claims);
    const muted = new Set(viewer.caller!.muting);
    return peoplePageReply(backend.db, suggestedUsers(backend.db, viewer.caller!).filter((user) => !muted.has(user._id)), call.query, viewer);
  },
  mutedPeople: async (call, backend, claims) => {
    const viewer = viewerIn(backend.db, claims);
    const muted = new Set(viewer.caller!.muting);
    return peoplePageReply(backend.db, backend.db.users.filter((user) => muted.has(user._id)), call.query, viewer, false, true);
  },
  blockedPeople: async (call, backend, claims) => {
    const viewer = viewerIn(backend.db, claims);
    const blocked = new Set(viewer.caller!.blocking);
    return peoplePageReply(backend.db, backend.db.users.filter((user) => blocked.has(user._id)), call.query, viewer, true);
  },
} satisfies Partial<Record<RouteName, RouteHandler>>;

export { readingViewer, peoplePageReply };
