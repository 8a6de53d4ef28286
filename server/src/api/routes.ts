/**
 * The 18 calls of spec 7, in the order of its table, answered with the shared rules of
 * `@chirp/api-rules` exactly as the in-browser back end answers them (shell/src/mirage/*-routes.ts).
 */
import { randomBytes } from 'node:crypto';
import {
  SPEC_ERRORS,
  bookmarkPost,
  createPost,
  deletePost,
  dislikePost,
  editPost,
  editProfile,
  findCaller,
  findPost,
  findUserById,
  follow,
  issueToken,
  likePost,
  postsOfUser,
  readCredentials,
  readJsonObject,
  readPageRequest,
  readPostData,
  readProfileEdit,
  readSignup,
  refuse,
  removeBookmark,
  signUp,
  unfollow,
  userForLogin,
  wantsCompact,
  type Database,
  type Moment,
  type StoredUser,
  type TokenClaims,
} from '@chirp/api-rules';
import { loadAllUsers, loadPostsById, loadUserNamed, loadUsersById, loadUsersNamedAnyCase, saveChanges } from '../db/records';
import { hashPassword, verifyPassword } from '../passwords';
import { checkPostQuota } from '../quotas';
import {
  authenticate,
  change,
  currentMoment,
  publicPosts,
  publicUsers,
  readerIdOrNull,
  reply,
  SERVER_ERRORS,
  type ApiCall,
  type ApiReply,
  type RouteDefinition,
  type RouteHandler,
  type Scope,
  type Services,
} from './context';
import { compactPeoplePage, compactPostPage, compactPostReply, compactProfile, compactRoutes, readerId } from './compact-routes';
import { allPostsReply, postListReply } from './post-lists';

const postId = (call: ApiCall) => call.params.postId!;
const userId = (call: ApiCall) => call.params.userId!;
const postData = (call: ApiCall) => readPostData(readJsonObject(call.body));
const none: Database = { tokenSecret: '', users: [], posts: [] };

/** PostgreSQL's unique_violation: two sign-ups raced for one name; the index decided. */
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * A protected call that changes data, as the in-browser back end's `changeAsCaller`: the token is
 * checked before the input is read (a caller without one hears 401 before any 400), then the rule
 * runs as the caller, looked up inside the transaction so it is current.
 */
function changeAsCaller<Input, Outcome extends Database | { db: Database }>(
  readInput: (call: ApiCall) => Input,
  scope: (input: Input) => Scope,
  rule: (db: Database, caller: StoredUser, input: Input, moment: Moment) => Outcome,
  answer: (outcome: Outcome, services: Services, asked: AskedBy) => Promise<ApiReply>,
): RouteHandler {
  return async (call, services) => {
    const claims = await authenticate(call, services);
    const compact = wantsCompact(call.query);
    const input = readInput(call);
    const moment = currentMoment();
    const { userIds = [], ...rest } = scope(input);
    // Every compact answer is read from the database after the change: the rule needs only the
    // relations between the rows it changes (the spec's answers are built from the rule's rows).
    const outcome = await change(services.sql, { ...rest, userIds: [claims._id, ...userIds], narrow: compact }, (db) =>
      rule(db, findCaller(db, claims), input, moment),
    );
    return answer(outcome, services, { call, claims, compact });
  };
}

/** Who asked a change, and in which form they want the answer. */
interface AskedBy {
  call: ApiCall;
  claims: TokenClaims;
  compact: boolean;
}

async function answerUser(user: StoredUser, services: Services, viewerId: string | null = user._id) {
  const [publicUser] = await publicUsers(services.sql, [user], viewerId);
  return publicUser;
}

const bookmarks = async ({ user }: { user: StoredUser }, _services: Services, { call, compact }: AskedBy) =>
  compact
    ? reply({ postId: postId(call), bookmarkedByMe: user.bookmarks.includes(postId(call)) })
    : reply({ bookmarks: user.bookmarks });
/** Every change to posts answers with the whole list (spec 7), or the changed post when compact. */
const changedPost = (_outcome: unknown, { sql }: Services, { call, claims, compact }: AskedBy) =>
  compact ? compactPostReply(sql, postId(call), call, claims._id) : allPostsReply(sql);

async function followBody({ user, followUser }: { user: StoredUser; followUser: StoredUser }, { sql }: Services, asked: AskedBy) {
  if (asked.compact) {
    const profile = (id: string) => compactProfile(sql, { id }, asked.call, asked.claims._id);
    return reply({ user: await profile(user._id), followUser: await profile(followUser._id) });
  }
  const [publicUser, publicFollowUser] = await publicUsers(sql, [user, followUser], user._id);
  return reply({ user: publicUser, followUser: publicFollowUser });
}

/** The signed-in user as log in and sign-up answer them: whole, or a compact profile. */
async function ownUser(user: StoredUser, services: Services, call: ApiCall, compact: boolean) {
  return compact ? compactProfile(services.sql, { id: user._id }, call, user._id) : answerUser(user, services);
}

/** A hash of nothing anyone knows, made once, with the same parameters as every stored one. */
let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString('hex')));

const onPost = (id: string): Scope => ({ postIds: [id] });
const onUser = (id: string): Scope => ({ userIds: [id] });
const alone = (): Scope => ({});

const createPostHandler = changeAsCaller(postData, alone, createPost, (outcome, { sql }, { call, claims, compact }) =>
  // createPost appends: the new post is the last one.
  compact ? compactPostReply(sql, outcome.posts[outcome.posts.length - 1]!._id, call, claims._id, 201) : allPostsReply(sql, 201),
);

async function token(services: Services, claims: TokenClaims) {
  return issueToken(services.jwtSecret, { _id: claims._id, username: claims.username });
}

export const authRoutes: RouteDefinition[] = [
  {
    method: 'POST',
    path: '/auth/signup',
    handler: async (call, services) => {
      const compact = wantsCompact(call.query);
      const { password, ...profile } = readSignup(readJsonObject(call.body));
      const passwordHash = await hashPassword(password);
      const moment = currentMoment();
      const { user } = await services.sql
        .transaction(async (tx) => {
          const before = { ...none, users: await loadUsersNamedAnyCase(tx, profile.username) };
          const outcome = signUp(before, { ...profile, passwordHash }, moment);
          await saveChanges(tx, before, outcome.db);
          return outcome;
        })
        .catch((error: unknown) => (isUniqueViolation(error) ? refuse(422, SPEC_ERRORS.usernameTaken) : Promise.reject(error)));
      return reply({ createdUser: await ownUser(user, services, call, compact), encodedToken: await token(services, user) }, 201);
    },
  },
  {
    method: 'POST',
    path: '/auth/login',
    handler: async (call, services) => {
      const compact = wantsCompact(call.query);
      const { username, password } = readCredentials(readJsonObject(call.body));
      const account = username.toLowerCase();
      const wait = services.loginFailures.blockedFor(account);
      if (wait > 0) {
        const body = { errors: [SERVER_ERRORS.tooManyFailedLogins(Math.ceil(wait / 60_000))] };
        return { status: 429, body, headers: { 'retry-after': String(Math.ceil(wait / 1000)) } };
      }
      const users = await loadUserNamed(services.sql, username);
      // An unknown name costs a hash too, so the time of the answer does not tell which names exist.
      const matches = await verifyPassword(password, users[0]?.passwordHash ?? (await dummyHash()));
      if (!users[0] || !matches) services.loginFailures.failed(account);
      const user = userForLogin({ ...none, users }, username);
      if (!matches) refuse(401, SPEC_ERRORS.wrongPassword);
      services.loginFailures.succeeded(account);
      return reply({ foundUser: await ownUser(user, services, call, compact), encodedToken: await token(services, user) });
    },
  },
];

export const usersRoutes: RouteDefinition[] = [
  {
    method: 'GET',
    path: '/users',
    handler: async (call, services) => {
      const { sql } = services;
      if (wantsCompact(call.query)) return compactPeoplePage(sql, { kind: 'everyone' }, call, await readerId(call, services));
      const users = await loadAllUsers(sql);
      const viewer = await readerIdOrNull(call, services);
      return reply({ users: await publicUsers(sql, users, viewer, new Map(users.map((user) => [user._id, user]))) });
    },
  },
  {
    method: 'GET',
    path: '/users/bookmark',
    handler: async (call, services) => {
      const claims = await authenticate(call, services);
      const users = await loadUsersById(services.sql, [claims._id]);
      return reply({ bookmarks: findCaller({ ...none, users }, claims).bookmarks });
    },
  },
  {
    method: 'GET',
    path: '/users/:userId',
    handler: async (call, services) => {
      if (wantsCompact(call.query)) {
        return reply({ user: await compactProfile(services.sql, { id: userId(call) }, call, await readerId(call, services)) });
      }
      const users = await loadUsersById(services.sql, [userId(call)]);
      const viewer = await readerIdOrNull(call, services);
      return reply({ user: await answerUser(findUserById({ ...none, users }, userId(call)), services, viewer) });
    },
  },
  {
    method: 'POST',
    path: '/users/edit',
    handler: changeAsCaller(
      (call) => readProfileEdit(readJsonObject(call.body)),
      alone,
      editProfile,
      async ({ user }, services, { call, compact }) => reply({ user: await ownUser(user, services, call, compact) }),
    ),
  },
  { method: 'POST', path: '/users/bookmark/:postId', handler: changeAsCaller(postId, onPost, bookmarkPost, bookmarks) },
  { method: 'POST', path: '/users/remove-bookmark/:postId', handler: changeAsCaller(postId, onPost, removeBookmark, bookmarks) },
  { method: 'POST', path: '/users/follow/:userId', handler: changeAsCaller(userId, onUser, follow, followBody) },
  { method: 'POST', path: '/users/unfollow/:userId', handler: changeAsCaller(userId, onUser, unfollow, followBody) },
];

export const postsRoutes: RouteDefinition[] = [
  {
    method: 'GET',
    path: '/posts',
    handler: async (call, services) =>
      wantsCompact(call.query)
        ? compactPostPage(services.sql, {}, call, await readerId(call, services))
        : postListReply(services.sql, {}, readPageRequest(call.query)),
  },
  {
    method: 'GET',
    path: '/posts/user/:username',
    handler: async (call, services) => {
      const { sql } = services;
      const username = call.params.username!;
      const users = await loadUserNamed(sql, username);
      postsOfUser({ ...none, users }, username); // 404 for an unknown username, before the paging checks
      const filter = { authorId: users[0]!._id };
      if (wantsCompact(call.query)) return compactPostPage(sql, filter, call, await readerId(call, services));
      return postListReply(sql, filter, readPageRequest(call.query));
    },
  },
  {
    method: 'GET',
    path: '/posts/:postId',
    handler: async (call, services) => {
      const { sql } = services;
      if (wantsCompact(call.query)) return compactPostReply(sql, postId(call), call, await readerId(call, services));
      const posts = await loadPostsById(sql, [postId(call)]);
      const [post] = await publicPosts(sql, [findPost({ ...none, posts }, postId(call))]);
      return reply({ post });
    },
  },
  {
    method: 'POST',
    path: '/posts',
    handler: async (call, services) => {
      // Posts per minute per user (quotas.ts), before anything else is read.
      await checkPostQuota(services.sql, (await authenticate(call, services))._id, services.quotas);
      return createPostHandler(call, services);
    },
  },
  {
    method: 'POST',
    path: '/posts/edit/:postId',
    handler: changeAsCaller(
      (call) => ({ id: postId(call), data: postData(call) }),
      ({ id }) => onPost(id),
      (db, caller, { id, data }, moment) => editPost(db, caller, id, data, moment),
      changedPost,
    ),
  },
  { method: 'POST', path: '/posts/like/:postId', handler: changeAsCaller(postId, onPost, likePost, changedPost) },
  { method: 'POST', path: '/posts/dislike/:postId', handler: changeAsCaller(postId, onPost, dislikePost, changedPost) },
  {
    method: 'DELETE',
    path: '/posts/:postId',
    handler: changeAsCaller(postId, (id) => ({ postIds: [id], bookmarkersOf: id }), deletePost, (_outcome, { sql }, { call, compact }) =>
      compact ? Promise.resolve(reply({ postId: postId(call) })) : allPostsReply(sql),
    ),
  },
];

/** All 18 calls, in the order of spec 7's table (paths under /api), then the compact form's reads. */
export const apiRoutes: RouteDefinition[] = [...authRoutes, ...usersRoutes, ...postsRoutes, ...compactRoutes];
