/**
 * The compact form's answers and the read calls beyond spec 7, from SQL (the in-browser back end
 * answers the same from the rules: browser-backend/src/compact-routes.ts; the contract suite holds both).
 */
import type { CompactPost, DeletedPost } from '@chirp/contracts';
import {
  DECIDED_ERRORS,
  LIMITS,
  decodePeopleCursor,
  encodePeopleCursor,
  findCaller,
  pagePosts,
  readPageRequest,
  readPeoplePageRequest,
  readSearchText,
  searchTerms,
  refuse,
  type ApiCall,
  type RouteName,
  type TokenClaims,
} from '@chirp/api-rules';
import { compactPostById, compactPostsWhere, loadProfile, peopleAfter, type PeopleFilter, type PictureNaming } from '../db/compact';
import { loadUserNamed, loadUsersById, rowIds } from '../db/records';
import { markNotificationsRead, notificationPage, unreadNotifications } from '../db/notifications';
import type { Queryable } from '../db/sql';

/**
 * The post and the posts above it, from the post up (at most the thread depth): each with the post
 * it replies to. The last one's `replyTo`, when set, names a post that was deleted.
 */
async function threadChain(q: Queryable, postId: string): Promise<{ id: string; replyTo: string | null }[]> {
  const [id] = rowIds([postId]);
  if (!id) return [];
  const { rows } = await q.query<{ id: string; reply_to: string | null }>(
    `WITH RECURSIVE chain (id, reply_to, depth) AS (
       SELECT id, reply_to, 0 FROM posts WHERE id = $1::uuid
       UNION ALL
       SELECT p.id, p.reply_to, c.depth + 1 FROM posts p JOIN chain c ON p.id = c.reply_to WHERE c.depth < $2
     ) SELECT id::text, reply_to::text FROM chain ORDER BY depth`,
    [id, LIMITS.maxThreadDepth],
  );
  return rows.map((row) => ({ id: row.id, replyTo: row.reply_to }));
}
import { authenticate, reply, type ApiReply, type RouteHandler, type Services } from './context';
import { pageQuery, searchFilter, type PostFilter } from './post-lists';

export const naming = (call: ApiCall): PictureNaming => ({ origin: call.origin ?? '' });

/** The id of a signed-in reader (null: nobody); a token that is sent must be valid. */
export async function readerId(call: ApiCall, services: Services): Promise<string | null> {
  return call.headers.authorization === undefined ? null : (await authenticate(call, services))._id;
}

/** The caller of a call that needs one (the table checked the token), who must still exist. */
async function existingCaller(services: Services, claims: TokenClaims): Promise<TokenClaims> {
  findCaller({ tokenSecret: '', posts: [], users: await loadUsersById(services.sql, [claims._id], []) }, claims);
  return claims;
}

/** One page of compact posts (default 20), paged by the rules on the stored form. */
export async function compactPostPage(q: Queryable, filter: PostFilter, call: ApiCall, viewerId: string | null): Promise<ApiReply> {
  const { sort, page } = readPageRequest(call.query);
  const request = { sort, page: page ?? { limit: LIMITS.defaultPageSize } };
  const { condition, params, tail } = pageQuery(filter, request);
  const rows = await compactPostsWhere(q, viewerId, naming(call), condition, params, tail);
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

async function existingUserId(q: Queryable, userId: string): Promise<string> {
  const [id] = rowIds([userId]);
  const { rows } = id ? await q.query<{ id: string }>('SELECT id::text FROM users WHERE id = $1::uuid', [id]) : { rows: [] };
  return rows[0]?.id ?? refuse(404, DECIDED_ERRORS.userNotFound);
}

const peopleOf =
  (kind: 'followers' | 'following'): RouteHandler =>
  async (call, services) => {
    const viewer = await readerId(call, services);
    const of = await existingUserId(services.sql, call.params.userId!);
    return compactPeoplePage(services.sql, { kind, of }, call, viewer);
  };

export const compactHandlers = {
  bookmarkedPosts: async (call, services, claims) => {
    const caller = await existingCaller(services, claims!);
    return compactPostPage(services.sql, { bookmarkedBy: caller._id }, call, caller._id);
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
  searchUsers: async (call, services) => {
    const viewer = await readerId(call, services);
    return compactPeoplePage(services.sql, { kind: 'search', text: readSearchText(call.query) }, call, viewer);
  },
  searchPosts: async (call, services) => {
    const viewer = await readerId(call, services);
    return compactPostPage(services.sql, await searchFilter(services.sql, searchTerms(readSearchText(call.query))), call, viewer);
  },
  suggestions: async (call, services, claims) => {
    const caller = await existingCaller(services, claims!);
    return compactPeoplePage(services.sql, { kind: 'suggestions', for: caller._id }, call, caller._id);
  },
  thread: async (call, services) => {
    const viewer = await readerId(call, services);
    const chain = await threadChain(services.sql, call.params.postId!);
    if (chain.length === 0) refuse(404, DECIDED_ERRORS.postNotFound);
    const rows = await compactPostsWhere(services.sql, viewer, naming(call), 'WHERE p.id = ANY($1::uuid[])', [chain.map((link) => link.id)]);
    const byId = new Map(rows.map((row) => [row.compact._id, row.compact]));
    // The chain runs from the post up; the page shows it from the first post down.
    const [post, ...above] = chain.map((link) => byId.get(link.id)!);
    const ancestors: (CompactPost | DeletedPost)[] = above.reverse();
    const top = chain[chain.length - 1]!;
    if (top.replyTo !== null && chain.length <= LIMITS.maxThreadDepth) ancestors.unshift({ _id: top.replyTo, deleted: true });
    return reply({ ancestors, post });
  },
  replies: async (call, services) => {
    const viewer = await readerId(call, services);
    const [id] = rowIds([call.params.postId!]);
    const { rows } = id ? await services.sql.query('SELECT 1 FROM posts WHERE id = $1::uuid', [id]) : { rows: [] };
    if (rows.length === 0) refuse(404, DECIDED_ERRORS.postNotFound);
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
