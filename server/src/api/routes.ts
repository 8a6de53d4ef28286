/**
 * The route table's calls (`API_ROUTES` of `@chirp/api-rules`) answered from PostgreSQL / PGlite,
 * with the shared rules, exactly as the in-browser back end answers them (browser-backend/src/*-routes.ts).
 */
import {
  LIMITS,
  SPEC_ERRORS,
  changeHandler,
  toggleHandlers,
  CHANGES,
  findCaller,
  findShownPost,
  findUserById,
  postsOfUser,
  readCredentials,
  readJsonObject,
  readPageRequest,
  readSignupCall,
  refuse,
  refuseIfSuspended,
  signUp,
  userForLogin,
  wantsCompact,
  type AskedBy,
  type Database,
  type RouteName,
  type StoredUser,
} from '@chirp/api-rules';
import { loadUsersToShow, loadPostsById, loadUserForLogin, loadUserNamed, loadUsersById, loadUsersNamedAnyCase, saveChanges } from '../db/records';
import { loadReservations } from '../db/account-data';
import { withinPostQuota } from '../quotas';
import { claimLike } from '../like-limits';
import {
  currentMoment,
  isUniqueViolation,
  token,
  keepChange,
  publicPosts,
  publicUsers,
  readerIdOrNull,
  specView,
  reply,
  SERVER_ERRORS,
  type ApiCall,
  type RouteHandler,
  type Services,
} from './context';
import { compactHandlers, compactPeoplePage, compactPostPage, compactPostReply, compactProfile, readerId } from './compact-routes';
import { allPostsReply, postListReply } from './post-lists';
import { keepingInlineImages } from './inline-images';
import { accountHandlers } from './account-routes';
import { moderationHandlers } from './moderation-routes';

const postId = (call: ApiCall) => call.params.postId!;
const userId = (call: ApiCall) => call.params.userId!;
const none: Database = { tokenSecret: '', users: [], posts: [] };


async function answerUser(user: StoredUser, services: Services, call: ApiCall, viewerId: string | null = user._id) {
  const [publicUser] = await publicUsers(services.sql, [user], specView(call, viewerId));
  return publicUser;
}

const bookmarks = ({ user }: { user: StoredUser }, _services: Services, { call, compact }: AskedBy) =>
  compact
    ? reply({ postId: postId(call), bookmarkedByMe: user.bookmarks.includes(postId(call)) })
    : reply({ bookmarks: user.bookmarks });
/** Every change to posts answers with the whole list (spec 7), or the changed post when compact. */
const changedPost = (_outcome: unknown, { sql }: Services, { call, claims, compact }: AskedBy) =>
  compact ? compactPostReply(sql, postId(call), call, claims._id) : allPostsReply(sql, specView(call, claims._id));

async function followBody({ user, followUser }: { user: StoredUser; followUser: StoredUser }, { sql }: Services, asked: AskedBy) {
  if (asked.compact) {
    const profile = (id: string) => compactProfile(sql, { id }, asked.call, asked.claims._id);
    return reply({ user: await profile(user._id), followUser: await profile(followUser._id) });
  }
  const [publicUser, publicFollowUser] = await publicUsers(sql, [user, followUser], specView(asked.call, user._id));
  return reply({ user: publicUser, followUser: publicFollowUser });
}

/** The signed-in user as log in and sign-up answer them: whole, or a compact profile. */
async function ownUser(user: StoredUser, services: Services, call: ApiCall, compact: boolean) {
  return compact ? compactProfile(services.sql, { id: user._id }, call, user._id) : answerUser(user, services, call);
}

const createPostHandler = changeHandler(keepChange, CHANGES.createPost, (outcome, { sql }, { call, claims, compact }) =>
  // createPost appends: the new post is the last one.
  compact
    ? compactPostReply(sql, outcome.posts[outcome.posts.length - 1]!._id, call, claims._id, 201)
    : allPostsReply(sql, specView(call, claims._id), 201),
);

const compactAnswer = (_outcome: unknown, { sql }: Services, { call, claims }: AskedBy) => compactPostReply(sql, postId(call), call, claims._id);
const answeredOk =
  (handler: RouteHandler): RouteHandler =>
  async (...args) => ({ ...(await handler(...args)), status: 200 });

/** Likes and dislikes per account (like-limits.ts), counted before anything else is read. */
const limitedLikes =
  (handler: RouteHandler): RouteHandler =>
  async (call, services, claims) => {
    await claimLike(services.sql, claims!._id, services.quotas);
    return handler(call, services, claims);
  };


export const authHandlers = {
  signup: async (call, services) => {
    const { compact, profile, passwordHash, nameDigest } = await readSignupCall(call, services.passwords.hash);
    const moment = currentMoment();
    const { user } = await services.sql
      .transaction(async (tx) => {
        const before = { ...none, users: await loadUsersNamedAnyCase(tx, profile.username), reservedNames: await loadReservations(tx, nameDigest) };
        const outcome = signUp(before, { ...profile, passwordHash }, moment, nameDigest);
        await saveChanges(tx, before, outcome.db);
        return outcome;
      })
      .catch((error: unknown) => (isUniqueViolation(error) ? refuse(422, SPEC_ERRORS.usernameTaken) : Promise.reject(error)));
    return reply({ createdUser: await ownUser(user, services, call, compact), encodedToken: await token(services, user) }, 201);
  },
  login: async (call, services) => {
    const compact = wantsCompact(call.query);
    const { username: name, password } = readCredentials(readJsonObject(call.body));
    const users = await loadUserForLogin(services.sql, name);
    // Failures count per account, whichever of its names was typed (an unknown name counts as itself).
    const account = (users[0]?.username ?? name).toLowerCase();
    // Counted as a failure from here on (held back if the account fails from everywhere): only the
    // right password takes it back.
    const attempt = await services.loginFailures.claimAttempt(account, call.clientAddress ?? '');
    const wait = attempt.waitMs;
    if (wait > 0) {
      const body = { errors: [SERVER_ERRORS.tooManyFailedLogins(Math.ceil(wait / 60_000))] };
      return { status: 429, body, headers: { 'retry-after': String(Math.ceil(wait / 1000)) } };
    }
    // An unknown name costs a hash too, so the time of the answer does not tell which names exist.
    const matches = await services.passwords.verify(password, users[0]?.passwordHash ?? (await services.passwords.dummy()));
    const user = userForLogin({ ...none, users }, name);
    if (!matches) refuse(401, SPEC_ERRORS.wrongPassword);
    await services.loginFailures.succeeded(attempt);
    refuseIfSuspended(user);
    return reply({ foundUser: await ownUser(user, services, call, compact), encodedToken: await token(services, user) });
  },
} satisfies Partial<Record<RouteName, RouteHandler>>;

export const usersHandlers = {
  users: async (call, services) => {
    const { sql } = services;
    if (wantsCompact(call.query)) return compactPeoplePage(sql, { kind: 'everyone' }, call, await readerId(call, services));
    const users = await loadUsersToShow(sql, LIMITS.maxSpecPosts);
    const view = specView(call, await readerIdOrNull(call, services));
    return reply({ users: await publicUsers(sql, users, view) });
  },
  bookmarks: async (_call, services, claims) => {
    const users = await loadUsersById(services.sql, [claims!._id]);
    return reply({ bookmarks: findCaller({ ...none, users }, claims!).bookmarks });
  },
  user: async (call, services) => {
    if (wantsCompact(call.query)) {
      return reply({ user: await compactProfile(services.sql, { id: userId(call) }, call, await readerId(call, services)) });
    }
    const users = await loadUsersById(services.sql, [userId(call)]);
    const viewer = await readerIdOrNull(call, services);
    return reply({ user: await answerUser(findUserById({ ...none, users }, userId(call)), services, call, viewer) });
  },
  editProfile: changeHandler(keepChange, CHANGES.editProfile, async ({ user }, services, { call, compact }) =>
    reply({ user: await ownUser(user, services, call, compact) }),
  ),
  ...toggleHandlers(keepChange, { bookmarks, follow: followBody }),
} satisfies Partial<Record<RouteName, RouteHandler>>;

export const postsHandlers = {
  // The compact feeds show posts that start a conversation; the spec's lists hold every post.
  posts: async (call, services) =>
    wantsCompact(call.query)
      ? compactPostPage(services.sql, { replies: 'none' }, call, await readerId(call, services))
      : postListReply(services.sql, {}, readPageRequest(call.query), specView(call, await readerIdOrNull(call, services)), '/posts'),
  postsOfUser: async (call, services) => {
    const { sql } = services;
    const username = call.params.username!;
    const users = await loadUserNamed(sql, username);
    postsOfUser({ ...none, users }, username); // 404 for an unknown username, before the paging checks
    const authorId = users[0]!._id;
    if (wantsCompact(call.query)) return compactPostPage(sql, { authorId, replies: 'none' }, call, await readerId(call, services));
    const view = specView(call, await readerIdOrNull(call, services));
    return postListReply(sql, { authorId }, readPageRequest(call.query), view, `/posts/user/${encodeURIComponent(username)}`);
  },
  post: async (call, services) => {
    const { sql } = services;
    if (wantsCompact(call.query)) return compactPostReply(sql, postId(call), call, await readerId(call, services));
    const posts = await loadPostsById(sql, [postId(call)]);
    const users = posts[0] ? await loadUserNamed(sql, posts[0].username) : [];
    const viewerId = await readerIdOrNull(call, services);
    const [post] = await publicPosts(sql, [findShownPost({ ...none, posts, users }, postId(call), viewerId)], specView(call, viewerId));
    return reply({ post });
  },
  // Posts per minute per user (quotas.ts), claimed before anything else is read.
  createPost: async (call, services, claims) =>
    withinPostQuota(services.sql, claims!._id, services.quotas, () => createPostHandler(call, services, claims)),
  editPost: changeHandler(keepChange, CHANGES.editPost, changedPost),
  likePost: limitedLikes(changeHandler(keepChange, CHANGES.likePost, changedPost)),
  dislikePost: limitedLikes(changeHandler(keepChange, CHANGES.dislikePost, changedPost)),
  // New calls answer 200 and the compact post, whichever form was asked.
  repost: answeredOk(changeHandler(keepChange, CHANGES.repost, compactAnswer)),
  unrepost: answeredOk(changeHandler(keepChange, CHANGES.unrepost, compactAnswer)),
  deletePost: changeHandler(keepChange, CHANGES.deletePost, (_outcome, { sql }, { call, claims, compact }) =>
    compact ? reply({ postId: postId(call) }) : allPostsReply(sql, specView(call, claims._id)),
  ),
} satisfies Partial<Record<RouteName, RouteHandler>>;

/** Every route of the table, answered by this server. */
export const apiHandlers = keepingInlineImages({
  ...authHandlers,
  ...usersHandlers,
  ...postsHandlers,
  ...compactHandlers,
  ...accountHandlers,
  ...moderationHandlers,
});
