/**
 * The compact form's answers and the read calls beyond spec 7, from SQL (the in-browser back end
 * answers the same from the rules: browser-backend/src/compact-routes.ts; the contract suite holds both).
 */
import type { CompactPost, DeletedPost } from '@chirp/contracts';
import {
  DECIDED_ERRORS,
  LIMITS,
  formatTimestamp,
  type PageRequest,
  decodePeopleCursor,
  encodePeopleCursor,
  checkCaller,
  pagePosts,
  readPageRequest,
  readPeoplePageRequest,
  readSearchText,
  searchTerms,
  refuse,
  SPEC_ERRORS,
  type ApiCall,
  type RouteName,
  type TokenClaims,
} from '@chirp/api-rules';
import { compactPostById, loadProfile, peopleAfter, type PeopleFilter, type PictureNaming } from '../db/compact';
import { loadSessionVersion, loadUserNamed } from '../db/records';
import { markNotificationsRead, notificationPage, unreadNotifications } from '../db/notifications';
import type { Queryable } from '../db/sql';

import { authenticate, reply, type ApiReply, type RouteHandler, type Services } from './context';
import { compactPostsPage, followingPosts, followingWalk, searchFilter, type PostFilter } from '../db/post-queries';
import { existingPostId, existingUserId, threadChain } from '../db/threads';

/** A chain is at most the thread's depth of posts: one page holds it, in any order (the chain orders it). */
const WHOLE_CHAIN = { sort: 'latest', page: { limit: LIMITS.maxThreadDepth + 1 } } as const;

export const naming = (call: ApiCall): PictureNaming => ({ origin: call.origin ?? '' });

/**
 * The id of a signed-in reader (null: nobody). A token that is sent must be valid and of the
 * account's current session (401 otherwise, as on a change); one whose user is gone reads as nobody.
 */
export async function readerId(call: ApiCall, services: Services): Promise<string | null> {
  if (call.headers.authorization === undefined) return null;
  const claims = await authenticate(call, services);
  const current = await loadSessionVersion(services.sql, claims._id);
  if (current === undefined) return null;
  if (current !== (claims.sv ?? 0)) refuse(401, SPEC_ERRORS.invalidToken);
  return claims._id;
}

/** The caller of a call that needs one (the table checked the token, reading the stamp this checks again), who must still exist. */
async function existingCaller(services: Services, claims: TokenClaims): Promise<TokenClaims> {
  checkCaller(await services.callerStamp(claims._id), claims);
  return claims;
}

/** One page of compact posts (default 20), paged by the rules on the stored form. */
export async function compactPostPage(q: Queryable, filter: PostFilter, call: ApiCall, viewerId: string | null): Promise<ApiReply> {
  const { sort, page } = readPageRequest(call.query);
  const request = { sort, page: page ?? { limit: LIMITS.defaultPageSize } };
  // A list never shows the viewer the posts of people they muted or blocked, or who blocked them.
  const rows = await compactPostsPage(q, viewerId, naming(call), { ...filter, hiddenFor: viewerId ?? undefined }, request);
  const paged = pagePosts(
    rows.map((row) => row.stored),
    request,
  );
  const compact = new Map(rows.map((row) => [row.compact._id, row.compact]));
  return reply({ posts: paged.posts.map((post) => compact.get(post._id)!), nextCursor: paged.nextCursor });
}

export async function compactPeoplePage(q: Queryable, filter: PeopleFilter, call: ApiCall, viewerId: string | null): Promise<ApiReply> {
  const { limit, cursor } = readPeoplePageRequest(call.query);
  const after = cursor === undefined ? undefined : decodePeopleCursor(cursor);
  const rows = await peopleAfter(q, filter, after, limit, viewerId, naming(call));
  const chosen = rows.slice(0, limit);
  const last = chosen[chosen.length - 1];
  return reply({
    users: chosen.map((row) => row.person),
    nextCursor: rows.length > limit && last ? encodePeopleCursor(last.key) : null,
  });
}

/** A post as its viewer sees it now (after a change). */
export async function compactPostReply(q: Queryable, postId: string, call: ApiCall, viewerId: string | null, status = 200) {
  const post = await compactPostById(q, postId, viewerId, naming(call));
  return post ? reply({ post }, status) : refuse(404, DECIDED_ERRORS.postNotFound);
}

export async function compactProfile(q: Queryable, where: { id: string } | { username: string }, call: ApiCall, viewerId: string | null) {
  return (await loadProfile(q, where, viewerId, naming(call))) ?? refuse(404, DECIDED_ERRORS.userNotFound);
}

const peopleOf =
  (kind: 'followers' | 'following'): RouteHandler =>
  async (call, services) => {
    const viewer = await readerId(call, services);
    const of = (await existingUserId(services.sql, call.params.userId!)) ?? refuse(404, DECIDED_ERRORS.userNotFound);
    return compactPeoplePage(services.sql, { kind, of }, call, viewer);
  };

/** The people who like or repost a post: only a post the viewer is shown has them to show (a hidden one is not found, as everywhere). */
const peopleOfPost =
  (kind: 'likers' | 'reposters'): RouteHandler =>
  async (call, services) => {
    const viewer = await readerId(call, services);
    const post = (await compactPostById(services.sql, call.params.postId!, viewer, naming(call))) ?? refuse(404, DECIDED_ERRORS.postNotFound);
    return compactPeoplePage(services.sql, { kind, of: post._id }, call, viewer);
  };

/**
 * The reader's Following list: its posts (`followingPosts`, one statement) paged by the rules on the
 * time each stands at, each compact, with who reposted it there.
 */
async function followingPage(q: Queryable, readerId: string, call: ApiCall, request: Required<PageRequest>): Promise<ApiReply> {
  const lines = await followingPosts(q, readerId, naming(call), request, await followingWalk(q, readerId));
  const keys = lines.map(({ row, line }) => ({ ...row.stored, createdAt: formatTimestamp(new Date(line.at), line.at_offset), seq: Number(line.at_seq) }));
  const byId = new Map(lines.map((entry) => [entry.row.compact._id, entry]));
  const paged = pagePosts(keys, request);
  return reply({
    posts: paged.posts.map((post) => {
      const { row, line } = byId.get(post._id)!;
      return { ...row.compact, ...(line.reposter ? { repostedBy: line.reposter } : {}) };
    }),
    nextCursor: paged.nextCursor,
  });
}

export const compactHandlers = {
  bookmarkedPosts: async (call, services, claims) => {
    const caller = await existingCaller(services, claims!);
    return compactPostPage(services.sql, { bookmarkedBy: caller._id }, call, caller._id);
  },
  followingPosts: async (call, services, claims) => {
    const caller = await existingCaller(services, claims!);
    const { sort, page } = readPageRequest(call.query);
    // Reposts stand at their time, so they join the newest-first list; the most liked stays the posts' own.
    if (sort === 'trending') return compactPostPage(services.sql, { followedBy: caller._id, replies: 'none' }, call, caller._id);
    return followingPage(services.sql, caller._id, call, { sort, page: page ?? { limit: LIMITS.defaultPageSize } });
  },
  likedPosts: async (call, services) => {
    const viewer = await readerId(call, services);
    const [user] = await loadUserNamed(services.sql, call.params.username!);
    if (!user) refuse(404, DECIDED_ERRORS.userNotFound);
    return compactPostPage(services.sql, { likedBy: user._id }, call, viewer);
  },
  userByUsername: async (call, services) => {
    const viewer = await readerId(call, services);
    return reply({ user: await compactProfile(services.sql, { username: call.params.username! }, call, viewer) });
  },
  followers: peopleOf('followers'),
  following: peopleOf('following'),
  likers: peopleOfPost('likers'),
  reposters: peopleOfPost('reposters'),
  searchUsers: async (call, services) => {
    const viewer = await readerId(call, services);
    return compactPeoplePage(services.sql, { kind: 'search', text: readSearchText(call.query) }, call, viewer);
  },
  searchPosts: async (call, services) => {
    const viewer = await readerId(call, services);
    return compactPostPage(services.sql, await searchFilter(services.sql, searchTerms(readSearchText(call.query))), call, viewer);
  },
  mutedPeople: async (call, services, claims) => {
    const caller = await existingCaller(services, claims!);
    return compactPeoplePage(services.sql, { kind: 'muted', by: caller._id }, call, caller._id);
  },
  blockedPeople: async (call, services, claims) => {
    const caller = await existingCaller(services, claims!);
    return compactPeoplePage(services.sql, { kind: 'blocked', by: caller._id }, call, caller._id);
  },
  suggestions: async (call, services, claims) => {
    const caller = await existingCaller(services, claims!);
    return compactPeoplePage(services.sql, { kind: 'suggestions', for: caller._id }, call, caller._id);
  },
  thread: async (call, services) => {
    const viewer = await readerId(call, services);
    const chain = await threadChain(services.sql, call.params.postId!);
    if (chain.length === 0) refuse(404, DECIDED_ERRORS.postNotFound);
    const rows = await compactPostsPage(services.sql, viewer, naming(call), { ids: chain.map((link) => link.id) }, WHOLE_CHAIN);
    const byId = new Map(rows.map((row) => [row.compact._id, row.compact]));
    // The chain runs from the post up; the page shows it from the first post down. A post the viewer
    // is not shown (hidden by moderators) is found by nobody, and stands as unavailable above a reply.
    const [post, ...above] = chain.map((link): CompactPost | DeletedPost => byId.get(link.id) ?? { _id: link.id, deleted: true, unavailable: true });
    if (!post || 'deleted' in post) refuse(404, DECIDED_ERRORS.postNotFound);
    const ancestors: (CompactPost | DeletedPost)[] = above.reverse();
    const top = chain[chain.length - 1]!;
    if (top.replyTo !== null && chain.length <= LIMITS.maxThreadDepth) ancestors.unshift({ _id: top.replyTo, deleted: true });
    return reply({ ancestors, post });
  },
  replies: async (call, services) => {
    const viewer = await readerId(call, services);
    const id = (await existingPostId(services.sql, call.params.postId!)) ?? refuse(404, DECIDED_ERRORS.postNotFound);
    return compactPostPage(services.sql, { replyTo: id }, call, viewer);
  },
  repliesOfUser: async (call, services) => {
    const viewer = await readerId(call, services);
    const [user] = await loadUserNamed(services.sql, call.params.username!);
    if (!user) refuse(404, DECIDED_ERRORS.userNotFound);
    return compactPostPage(services.sql, { authorId: user._id, replies: 'only' }, call, viewer);
  },
  notifications: async (call, services, claims) => {
    const caller = await existingCaller(services, claims!);
    return reply(await notificationPage(services.sql, caller._id, readPeoplePageRequest(call.query), naming(call)));
  },
  unreadNotifications: async (_call, services, claims) => {
    const caller = await existingCaller(services, claims!);
    return reply({ unread: await unreadNotifications(services.sql, caller._id) });
  },
  readNotifications: async (_call, services, claims) => {
    const caller = await existingCaller(services, claims!);
    await markNotificationsRead(services.sql, caller._id);
    return reply({ unread: await unreadNotifications(services.sql, caller._id) });
  },
} satisfies Partial<Record<RouteName, RouteHandler>>;
