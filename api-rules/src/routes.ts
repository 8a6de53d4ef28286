/**
 * The API's one route table, so that both back ends answer the same calls the same way: every call, its method, path and who may make it, and, for
 * the calls that change data, which input they read, which rows they touch and which rule they run.
 * The in-browser back end (browser-backend/src/server.ts) and the server (server/src/app.ts) are thin
 * adapters over it: each registers `routeTable(...)` with its router and gives, per route, only what
 * depends on its storage (reading lists from memory or from SQL, keeping a change).
 */
import { answerCall, currentMoment, type ApiCall, type ApiReply } from './calls';
import { DECIDED_ERRORS, SPEC_ERRORS } from './decisions';
import { findCaller, refuse, type Database, type Moment, type StoredUser } from './database';
import { createPost, deletePost, dislikePost, editPost, likePost } from './posts-rules';
import { readToken, type TokenClaims } from './tokens';
import { bookmarkPost, editProfile, follow, removeBookmark, unfollow } from './users-rules';
import { readCredentials, readJsonObject, readPostData, readProfileEdit, readSignup } from './validation';
import { wantsCompact } from './compact';
import { followEvents, likeEvents, newPostEvents, type NotificationEvent } from './notifications';

export type Method = 'GET' | 'POST' | 'DELETE';

export interface RouteSpec {
  method: Method;
  /** Under /api, with `:name` parameters. */
  path: string;
  /**
   * 'token': only with a valid token, checked before anything else is read (a caller without one
   * hears 401 before any 400). 'public': anyone; the route reads a token itself where one matters.
   */
  auth: 'public' | 'token';
  /** The JSON body the call takes, by name: its schema is `BODY_SCHEMAS[body]`, its reader `BODY_READERS[body]`. */
  body?: BodyName;
}

/** The request bodies of the API. */
export type BodyName = 'signup' | 'credentials' | 'profileEdit' | 'postData';

/** Spec 7's 18 calls in the order of its table, then the compact form's reads (docs/api.md, "Compact answers"). */
export const API_ROUTES = {
  signup: { method: 'POST', path: '/auth/signup', auth: 'public', body: 'signup' },
  login: { method: 'POST', path: '/auth/login', auth: 'public', body: 'credentials' },
  users: { method: 'GET', path: '/users', auth: 'public' },
  bookmarks: { method: 'GET', path: '/users/bookmark', auth: 'token' },
  user: { method: 'GET', path: '/users/:userId', auth: 'public' },
  editProfile: { method: 'POST', path: '/users/edit', auth: 'token', body: 'profileEdit' },
  bookmark: { method: 'POST', path: '/users/bookmark/:postId', auth: 'token' },
  removeBookmark: { method: 'POST', path: '/users/remove-bookmark/:postId', auth: 'token' },
  follow: { method: 'POST', path: '/users/follow/:userId', auth: 'token' },
  unfollow: { method: 'POST', path: '/users/unfollow/:userId', auth: 'token' },
  posts: { method: 'GET', path: '/posts', auth: 'public' },
  postsOfUser: { method: 'GET', path: '/posts/user/:username', auth: 'public' },
  post: { method: 'GET', path: '/posts/:postId', auth: 'public' },
  createPost: { method: 'POST', path: '/posts', auth: 'token', body: 'postData' },
  editPost: { method: 'POST', path: '/posts/edit/:postId', auth: 'token', body: 'postData' },
  likePost: { method: 'POST', path: '/posts/like/:postId', auth: 'token' },
  dislikePost: { method: 'POST', path: '/posts/dislike/:postId', auth: 'token' },
  deletePost: { method: 'DELETE', path: '/posts/:postId', auth: 'token' },
  bookmarkedPosts: { method: 'GET', path: '/posts/bookmarked', auth: 'token' },
  likedPosts: { method: 'GET', path: '/posts/user/:username/liked', auth: 'public' },
  userByUsername: { method: 'GET', path: '/users/by-username/:username', auth: 'public' },
  followers: { method: 'GET', path: '/users/:userId/followers', auth: 'public' },
  following: { method: 'GET', path: '/users/:userId/following', auth: 'public' },
  searchUsers: { method: 'GET', path: '/search/users', auth: 'public' },
  searchPosts: { method: 'GET', path: '/search/posts', auth: 'public' },
  suggestions: { method: 'GET', path: '/suggestions', auth: 'token' },
  thread: { method: 'GET', path: '/posts/:postId/thread', auth: 'public' },
  replies: { method: 'GET', path: '/posts/:postId/replies', auth: 'public' },
  repliesOfUser: { method: 'GET', path: '/posts/user/:username/replies', auth: 'public' },
  notifications: { method: 'GET', path: '/notifications', auth: 'token' },
  unreadNotifications: { method: 'GET', path: '/notifications/unread', auth: 'token' },
  readNotifications: { method: 'POST', path: '/notifications/read', auth: 'token' },
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof API_ROUTES;

/** A route's work on one back end; `claims` is the caller's, present on every 'token' route. */
export type RouteHandler<Context> = (call: ApiCall, context: Context, claims: TokenClaims | undefined) => Promise<ApiReply>;

/** One handler per route of the table: a back end that misses one does not compile. */
export type RouteHandlers<Context> = { [Name in RouteName]: RouteHandler<Context> };

export interface BoundRoute<Context> extends RouteSpec {
  name: RouteName;
  /** Authenticates when the table says so, runs the handler, and turns a refusal into its answer. */
  run: (call: ApiCall, context: Context) => Promise<ApiReply>;
}

/**
 * How each body is read by the rules: the reader refuses what it cannot take, with the contract's
 * text. A back end that validated a body against its schema and found it wrong runs the reader for
 * that text (routeTable does).
 */
export const BODY_READERS: Record<BodyName, (text: string | null) => unknown> = {
  signup: (text) => readSignup(readJsonObject(text)),
  credentials: (text) => readCredentials(readJsonObject(text)),
  profileEdit: (text) => readProfileEdit(readJsonObject(text)),
  postData: (text) => readPostData(readJsonObject(text)),
};

/** The answer to a body that its schema refused and its reader took: the schema's own words. */
export const bodyMismatch = (detail: string) => refuse(400, DECIDED_ERRORS.bodyMismatch(detail));

/** The claims of the caller's token; 401 without a valid one. */
export async function authenticate(secret: string, call: ApiCall): Promise<TokenClaims> {
  return (await readToken(secret, call.headers.authorization)) ?? refuse(401, SPEC_ERRORS.invalidToken);
}

/**
 * The table bound to one back end's handlers, in the table's order, ready for its router.
 * `unexpected` answers a failure that is not a refusal (logged, a 500: spec 8).
 */
export function routeTable<Context>(
  handlers: RouteHandlers<Context>,
  { tokenSecret, unexpected }: { tokenSecret: (context: Context) => string; unexpected: (error: unknown, call: ApiCall) => ApiReply },
): BoundRoute<Context>[] {
  return (Object.keys(API_ROUTES) as RouteName[]).map((name) => {
    const spec: RouteSpec = API_ROUTES[name];
    const handler: (call: ApiCall, context: Context) => Promise<ApiReply> = async (call, context) => {
      const claims = spec.auth === 'token' ? await authenticate(tokenSecret(context), call) : undefined;
      // A body its schema refused (the server validates them): the reader says why, in the contract's words.
      if (spec.body && call.bodyMismatch !== undefined) {
        BODY_READERS[spec.body](call.body);
        bodyMismatch(call.bodyMismatch);
      }
      return handlers[name](call, context, claims);
    };
    return { ...spec, name, run: (call, context) => answerCall(handler, call, context, (error) => unexpected(error, call)) };
  });
}

/** The rows a change reads and writes (a back end with tables locks and loads them first). */
export interface RowsTouched {
  userIds?: string[];
  postIds?: string[];
  /** Also the users who bookmarked this post (deleting a post changes their lists). */
  bookmarkersOf?: string;
}

/** A change: what it reads from the call, which rows it touches beside the caller's, and its rule. */
export interface ChangeSpec<Input, Outcome extends Database | { db: Database }> {
  input: (call: ApiCall) => Input;
  rows: (input: Input) => RowsTouched;
  rule: (db: Database, caller: StoredUser, input: Input, moment: Moment) => Outcome;
  /** Who hears of it (notifications), read from the rows after the rule ran; kept in the same change. */
  notify?: (after: Database, caller: StoredUser, input: Input) => NotificationEvent[];
}

const change = <Input, Outcome extends Database | { db: Database }>(spec: ChangeSpec<Input, Outcome>) => spec;
const postIdOf = (call: ApiCall) => call.params.postId!;
const userIdOf = (call: ApiCall) => call.params.userId!;
const postDataOf = (call: ApiCall) => readPostData(readJsonObject(call.body));
const onPost = (id: string): RowsTouched => ({ postIds: [id] });
const onUser = (id: string): RowsTouched => ({ userIds: [id] });
const callerOnly = (): RowsTouched => ({});

/** Every route that changes data, by its name in API_ROUTES. */
export const CHANGES = {
  editProfile: change({ input: (call) => readProfileEdit(readJsonObject(call.body)), rows: callerOnly, rule: editProfile }),
  bookmark: change({ input: postIdOf, rows: onPost, rule: bookmarkPost }),
  removeBookmark: change({ input: postIdOf, rows: onPost, rule: removeBookmark }),
  follow: change({ input: userIdOf, rows: onUser, rule: follow, notify: followEvents }),
  unfollow: change({ input: userIdOf, rows: onUser, rule: unfollow }),
  createPost: change({
    input: postDataOf,
    // A reply reads the post it answers (it must exist; its author hears of the reply).
    rows: (input) => (input.replyTo === undefined ? {} : onPost(input.replyTo)),
    rule: createPost,
    // createPost appends: the new post is the last one.
    notify: (after, caller) => newPostEvents(after, caller, after.posts[after.posts.length - 1]!._id),
  }),
  editPost: change({
    input: (call) => ({ id: postIdOf(call), data: postDataOf(call) }),
    rows: ({ id }) => onPost(id),
    rule: (db, caller, { id, data }, moment) => editPost(db, caller, id, data, moment),
  }),
  likePost: change({ input: postIdOf, rows: onPost, rule: likePost, notify: likeEvents }),
  dislikePost: change({ input: postIdOf, rows: onPost, rule: dislikePost }),
  deletePost: change({ input: postIdOf, rows: (id) => ({ postIds: [id], bookmarkersOf: id }), rule: deletePost }),
};

/** Who asked a change, and in which form they want the answer. */
export interface AskedBy {
  call: ApiCall;
  claims: TokenClaims;
  compact: boolean;
}

/**
 * Keeps a change on one back end: runs `run` on the current data (at least the rows touched, the
 * caller's among them) and stores what it changed, all or nothing.
 */
export type KeepChange<Context> = <T extends Database | { db: Database }>(
  context: Context,
  rows: RowsTouched & { compact: boolean },
  run: (db: Database) => T,
  notices?: Notices,
) => Promise<T>;

/** The notifications a change causes, read from its data after the rule ran, and the moment it ran at. */
export interface Notices {
  events: (after: Database) => NotificationEvent[];
  moment: Moment;
}

/** The database of a rule's outcome. */
export const databaseOf = (outcome: Database | { db: Database }): Database => ('db' in outcome ? outcome.db : outcome);

/**
 * The handler of a change route: reads the input, runs the rule as the caller (looked up inside the
 * change, so current) through the back end's `keep`, and answers with the back end's `answer`.
 */
export function changeHandler<Context, Input, Outcome extends Database | { db: Database }>(
  keep: KeepChange<Context>,
  spec: ChangeSpec<Input, Outcome>,
  answer: (outcome: Outcome, context: Context, asked: AskedBy) => ApiReply | Promise<ApiReply>,
): RouteHandler<Context> {
  return async (call, context, claims) => {
    const caller = claims!;
    const compact = wantsCompact(call.query);
    const input = spec.input(call);
    const moment = currentMoment();
    const { userIds = [], ...rest } = spec.rows(input);
    const { notify } = spec;
    const notices = notify && { events: (after: Database) => notify(after, findCaller(after, caller), input), moment };
    const outcome = await keep(
      context,
      { ...rest, userIds: [caller._id, ...userIds], compact },
      (db) => spec.rule(db, findCaller(db, caller), input, moment),
      notices,
    );
    const answered = await answer(outcome, context, { call, claims: caller, compact });
    // The original mock back end answers every change with 201 where the spec names no status, and
    // clients written for it test `status === 201`: so do we, in both forms.
    return answered.status === 200 ? { ...answered, status: CHANGE_STATUS } : answered;
  };
}

/** The status of a change that succeeded (sign-up and a new post: 201 by the spec; the rest as the original). */
export const CHANGE_STATUS = 201;
