/**
 * The API's one route table: every call described once, by its method, its path (with `:name`
 * parameters), who may make it, and its schemas: the body it takes, its query, and what it answers
 * in the spec's form and in the compact one. Everything else is derived from it:
 * - the typed client (./client.ts), which types no path by hand;
 * - the server's Fastify routes, with params, query, body and answer schemas (server/src/api);
 * - the in-browser back end's routes (browser-backend/), through api-rules' routeTable.
 * A back end supplies only its storage: a handler per call name, which a missing one fails to compile.
 *
 * The schemas are named through a function of the vocabulary (./schemas.ts) rather than imported:
 * the browser's client reads this table at run time without ever loading TypeBox.
 */
import type { Static, TSchema } from 'typebox';
import type { BodyName, Schemas } from './schemas';

export type Method = 'GET' | 'POST' | 'DELETE';

/** What a call takes and answers, as schemas; `compact` is the answer to `?view=compact` when it differs. */
export interface RouteSchemas {
  query?: TSchema;
  body?: TSchema;
  answer: TSchema;
  compact?: TSchema;
}

export interface RouteDescriptor {
  method: Method;
  /** Under /api, with `:name` parameters. */
  path: string;
  /**
   * 'token': only with a valid token, checked before anything else is read (a caller without one
   * hears 401 before any 400). 'public': anyone; the route reads a token itself where one matters.
   */
  auth: 'public' | 'token';
  /** The JSON body the call takes, by name: the rules read it with their reader of that name. */
  body?: BodyName;
  /** The call's schemas, picked from the vocabulary (never called by the browser's client). */
  schemas: (schemas: Schemas) => RouteSchemas;
}

export type RouteTable = Record<string, RouteDescriptor>;

/** A descriptor, its literal types kept (the path's parameters are typed from them). */
export const defineRoute = <const Descriptor extends RouteDescriptor>(descriptor: Descriptor) => descriptor;
const route = defineRoute;

/*
 * The table is kept in parts, each typed on its own (one literal type of them all is longer than
 * the compiler writes out): spec 7's 18 calls in the order of its table; the compact form's reads;
 * the account's calls; reports and moderation; reposts (docs/api.md).
 */

/** Spec 7's 18 calls in the order of its table. */
export const CORE_ROUTES = {
  signup: route({
    method: 'POST', path: '/auth/signup', auth: 'public', body: 'signup',
    schemas: ({ bodies, queries, answers }) => ({ query: queries.view, body: bodies.signup, answer: answers.signedUp, compact: answers.compactSignedUp }),
  }),
  login: route({
    method: 'POST', path: '/auth/login', auth: 'public', body: 'credentials',
    schemas: ({ bodies, queries, answers }) => ({ query: queries.view, body: bodies.credentials, answer: answers.loggedIn, compact: answers.compactLoggedIn }),
  }),
  users: route({
    method: 'GET', path: '/users', auth: 'public',
    schemas: ({ queries, answers }) => ({ query: queries.people, answer: answers.users, compact: answers.peoplePage }),
  }),
  bookmarks: route({
    method: 'GET', path: '/users/bookmark', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.bookmarks }),
  }),
  user: route({
    method: 'GET', path: '/users/:userId', auth: 'public',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.user, compact: answers.profile }),
  }),
  editProfile: route({
    method: 'POST', path: '/users/edit', auth: 'token', body: 'profileEdit',
    schemas: ({ bodies, queries, answers }) => ({ query: queries.view, body: bodies.profileEdit, answer: answers.user, compact: answers.profile }),
  }),
  bookmark: route({
    method: 'POST', path: '/users/bookmark/:postId', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.bookmarks, compact: answers.bookmark }),
  }),
  removeBookmark: route({
    method: 'POST', path: '/users/remove-bookmark/:postId', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.bookmarks, compact: answers.bookmark }),
  }),
  follow: route({
    method: 'POST', path: '/users/follow/:userId', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.follow, compact: answers.follows }),
  }),
  unfollow: route({
    method: 'POST', path: '/users/unfollow/:userId', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.follow, compact: answers.follows }),
  }),
  posts: route({
    method: 'GET', path: '/posts', auth: 'public',
    schemas: ({ queries, answers }) => ({ query: queries.page, answer: answers.posts, compact: answers.postPage }),
  }),
  postsOfUser: route({
    method: 'GET', path: '/posts/user/:username', auth: 'public',
    schemas: ({ queries, answers }) => ({ query: queries.page, answer: answers.posts, compact: answers.postPage }),
  }),
  post: route({
    method: 'GET', path: '/posts/:postId', auth: 'public',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.post, compact: answers.compactPost }),
  }),
  createPost: route({
    method: 'POST', path: '/posts', auth: 'token', body: 'postData',
    schemas: ({ bodies, queries, answers }) => ({ query: queries.view, body: bodies.postData, answer: answers.posts, compact: answers.compactPost }),
  }),
  editPost: route({
    method: 'POST', path: '/posts/edit/:postId', auth: 'token', body: 'postData',
    schemas: ({ bodies, queries, answers }) => ({ query: queries.view, body: bodies.postData, answer: answers.posts, compact: answers.compactPost }),
  }),
  likePost: route({
    method: 'POST', path: '/posts/like/:postId', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.posts, compact: answers.compactPost }),
  }),
  dislikePost: route({
    method: 'POST', path: '/posts/dislike/:postId', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.posts, compact: answers.compactPost }),
  }),
  deletePost: route({
    method: 'DELETE', path: '/posts/:postId', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.posts, compact: answers.deletedPost }),
  }),
} as const satisfies RouteTable;

/** The compact form's reads and the notifications. */
export const READ_ROUTES = {
  bookmarkedPosts: route({
    method: 'GET', path: '/posts/bookmarked', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.page, answer: answers.postPage }),
  }),
  // The signed-in person's home: the posts of the people they follow, and their own.
  followingPosts: route({
    method: 'GET', path: '/posts/following', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.page, answer: answers.postPage }),
  }),
  likedPosts: route({
    method: 'GET', path: '/posts/user/:username/liked', auth: 'public',
    schemas: ({ queries, answers }) => ({ query: queries.page, answer: answers.postPage }),
  }),
  userByUsername: route({
    method: 'GET', path: '/users/by-username/:username', auth: 'public',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.profile }),
  }),
  followers: route({
    method: 'GET', path: '/users/:userId/followers', auth: 'public',
    schemas: ({ queries, answers }) => ({ query: queries.people, answer: answers.peoplePage }),
  }),
  following: route({
    method: 'GET', path: '/users/:userId/following', auth: 'public',
    schemas: ({ queries, answers }) => ({ query: queries.people, answer: answers.peoplePage }),
  }),
  searchUsers: route({
    method: 'GET', path: '/search/users', auth: 'public',
    schemas: ({ queries, answers }) => ({ query: queries.search, answer: answers.peoplePage }),
  }),
  searchPosts: route({
    method: 'GET', path: '/search/posts', auth: 'public',
    schemas: ({ queries, answers }) => ({ query: queries.search, answer: answers.postPage }),
  }),
  suggestions: route({
    method: 'GET', path: '/suggestions', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.people, answer: answers.peoplePage }),
  }),
  thread: route({
    method: 'GET', path: '/posts/:postId/thread', auth: 'public',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.thread }),
  }),
  replies: route({
    method: 'GET', path: '/posts/:postId/replies', auth: 'public',
    schemas: ({ queries, answers }) => ({ query: queries.page, answer: answers.postPage }),
  }),
  likers: route({
    method: 'GET', path: '/posts/:postId/likers', auth: 'public',
    schemas: ({ queries, answers }) => ({ query: queries.people, answer: answers.peoplePage }),
  }),
  repliesOfUser: route({
    method: 'GET', path: '/posts/user/:username/replies', auth: 'public',
    schemas: ({ queries, answers }) => ({ query: queries.page, answer: answers.postPage }),
  }),
  notifications: route({
    method: 'GET', path: '/notifications', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.people, answer: answers.notificationPage }),
  }),
  unreadNotifications: route({
    method: 'GET', path: '/notifications/unread', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.unread }),
  }),
  readNotifications: route({
    method: 'POST', path: '/notifications/read', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.unread }),
  }),
} as const satisfies RouteTable;

/** The account's own calls: its settings, password and sessions, and the people it mutes and blocks. */
export const ACCOUNT_ROUTES = {
  account: route({
    method: 'GET', path: '/account', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.account }),
  }),
  editAccount: route({
    method: 'POST', path: '/account', auth: 'token', body: 'accountEdit',
    schemas: ({ bodies, queries, answers }) => ({ query: queries.view, body: bodies.accountEdit, answer: answers.account }),
  }),
  changePassword: route({
    method: 'POST', path: '/account/password', auth: 'token', body: 'passwordChange',
    schemas: ({ bodies, queries, answers }) => ({ query: queries.view, body: bodies.passwordChange, answer: answers.renewedToken }),
  }),
  signOutEverywhere: route({
    method: 'POST', path: '/account/sign-out-everywhere', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.signedOutEverywhere }),
  }),
  mute: route({
    method: 'POST', path: '/users/mute/:userId', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.relation }),
  }),
  unmute: route({
    method: 'POST', path: '/users/unmute/:userId', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.relation }),
  }),
  block: route({
    method: 'POST', path: '/users/block/:userId', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.relation }),
  }),
  unblock: route({
    method: 'POST', path: '/users/unblock/:userId', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.relation }),
  }),
  mutedPeople: route({
    method: 'GET', path: '/account/muted', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.people, answer: answers.peoplePage }),
  }),
  blockedPeople: route({
    method: 'GET', path: '/account/blocked', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.people, answer: answers.peoplePage }),
  }),
  // Words, phrases and tags the account does not want to read (muted-words.ts); each answers the list.
  mutedWords: route({
    method: 'GET', path: '/account/muted-words', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.mutedWords }),
  }),
  muteWord: route({
    method: 'POST', path: '/account/muted-words', auth: 'token', body: 'mutedWord',
    schemas: ({ bodies, queries, answers }) => ({ query: queries.view, body: bodies.mutedWord, answer: answers.mutedWords }),
  }),
  unmuteWord: route({
    method: 'POST', path: '/account/muted-words/remove', auth: 'token', body: 'mutedWord',
    schemas: ({ bodies, queries, answers }) => ({ query: queries.view, body: bodies.mutedWord, answer: answers.mutedWords }),
  }),
  // The account's data: download it, or delete the account and everything it holds.
  exportAccount: route({
    method: 'GET', path: '/account/export', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.accountExport }),
  }),
  deleteAccount: route({
    method: 'POST', path: '/account/delete', auth: 'token', body: 'accountDeletion',
    schemas: ({ bodies, queries, answers }) => ({ query: queries.view, body: bodies.accountDeletion, answer: answers.accountDeleted }),
  }),
} as const satisfies RouteTable;

/** Reports of posts, and what moderators read and do about them. */
export const MODERATION_ROUTES = {
  reportPost: route({
    method: 'POST', path: '/posts/report/:postId', auth: 'token', body: 'report',
    schemas: ({ bodies, queries, answers }) => ({ query: queries.view, body: bodies.report, answer: answers.report }),
  }),
  reportedPosts: route({
    method: 'GET', path: '/moderation/reports', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.reportedPosts }),
  }),
  hidePost: route({
    method: 'POST', path: '/moderation/posts/:postId/hide', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.moderatedPost }),
  }),
  restorePost: route({
    method: 'POST', path: '/moderation/posts/:postId/restore', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.moderatedPost }),
  }),
  dismissReports: route({
    method: 'POST', path: '/moderation/posts/:postId/dismiss', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.dismissed }),
  }),
  suspendUser: route({
    method: 'POST', path: '/moderation/users/:userId/suspend', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.moderatedUser }),
  }),
  unsuspendUser: route({
    method: 'POST', path: '/moderation/users/:userId/unsuspend', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.moderatedUser }),
  }),
  moderationLog: route({
    method: 'GET', path: '/moderation/audit', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.audit }),
  }),
} as const satisfies RouteTable;

/** Reposts: the caller's repost of a post (both calls idempotent), and the people who repost it. */
export const REPOST_ROUTES = {
  repost: route({
    method: 'POST', path: '/posts/:postId/repost', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.compactPost }),
  }),
  unrepost: route({
    method: 'DELETE', path: '/posts/:postId/repost', auth: 'token',
    schemas: ({ queries, answers }) => ({ query: queries.view, answer: answers.compactPost }),
  }),
  reposters: route({
    method: 'GET', path: '/posts/:postId/reposters', auth: 'public',
    schemas: ({ queries, answers }) => ({ query: queries.people, answer: answers.peoplePage }),
  }),
} as const satisfies RouteTable;

export type ApiRoutes = typeof CORE_ROUTES & typeof READ_ROUTES & typeof ACCOUNT_ROUTES & typeof MODERATION_ROUTES & typeof REPOST_ROUTES;
/** The API's one route table: every call, by name. */
export const API_ROUTES: ApiRoutes = { ...CORE_ROUTES, ...READ_ROUTES, ...ACCOUNT_ROUTES, ...MODERATION_ROUTES, ...REPOST_ROUTES };
export type RouteName = keyof ApiRoutes;

// What the table says, as types: what a caller gives and hears for a call.

/** `{ postId: string }` for '/posts/:postId'. */
export type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? { [Key in Name]: string } & PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? { [Key in Name]: string }
    : Record<never, never>;

type SchemasOf<Descriptor extends RouteDescriptor> = ReturnType<Descriptor['schemas']>;
type StaticOr<Schema, Otherwise> = Schema extends TSchema ? Static<Schema> : Otherwise;

/** The answer in the spec's form (or the call's only form). */
export type SpecAnswer<Descriptor extends RouteDescriptor> = Static<SchemasOf<Descriptor>['answer']>;
/** The answer to `?view=compact` (the same as the spec's where the call has one form). */
export type CompactAnswer<Descriptor extends RouteDescriptor> = StaticOr<SchemasOf<Descriptor>['compact'], SpecAnswer<Descriptor>>;

/** What a call is given: its path's parameters, its query, its body, each only where it has one. */
export type CallInput<Descriptor extends RouteDescriptor> = (keyof PathParams<Descriptor['path']> extends never
  ? { params?: undefined }
  : { params: PathParams<Descriptor['path']> }) &
  (SchemasOf<Descriptor>['query'] extends TSchema ? { query?: Partial<Record<string, string | number | undefined>> } : { query?: undefined }) &
  (SchemasOf<Descriptor>['body'] extends TSchema ? { body: Static<SchemasOf<Descriptor>['body'] & TSchema> } : { body?: undefined });

/** The path of a call with its parameters filled in (each encoded). */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The names of a path's parameters, in order. */
export const pathParamNames = (path: string): string[] => [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
