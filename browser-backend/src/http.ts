/**
 * What the routes files need, without Mirage: a call as plain values, a reply as plain values, and
 * the one place where refusals and unexpected failures become `{ errors: [text] }`. server.ts adapts
 * Mirage to this; the Node server (server/) adapts Fastify to the same shapes of `@chirp/api-rules`.
 */
import type { Backend } from './backend';
import {
  addNotifications,
  answerCall,
  databaseOf,
  postsListedFor,
  authenticate as authenticateWith,
  type ApiCall,
  type ApiReply,
  type Database,
  DECIDED_ERRORS,
  findCaller,
  indexUsers,
  type KeepChange,
  type Moment,
  pagePosts,
  type PageRequest,
  wholeListPage,
  wholeListReply,
  readToken,
  reply,
  type RouteHandler as TableHandler,
  type StoredPost,
  type TokenClaims,
  toPublicPost,
  type Viewer,
  type SpecView,
  currentMoment,
} from '@chirp/api-rules';
import { pictureUrl, postImageUrl } from './pictures';

export type { ApiCall, ApiReply, AskedBy } from '@chirp/api-rules';
export { reply };

/** A route's work on this back end (the route table of `@chirp/api-rules` says which and how to call it). */
export type RouteHandler = TableHandler<Backend>;

/** A failure that is not a refusal: logged, and a 500 with `errors` (spec 8). */
export function unexpectedFailure(error: unknown, call: ApiCall): ApiReply {
  console.error(`The demo back end failed on ${call.method} ${call.path}:`, error);
  return reply({ errors: [DECIDED_ERRORS.unexpected] }, 500);
}

/** Runs a handler: a `Refusal` becomes its status and text; anything else a 500 (spec 8), logged. */
export function runRoute(handler: (call: ApiCall, backend: Backend) => Promise<ApiReply>, call: ApiCall, backend: Backend): Promise<ApiReply> {
  return answerCall(handler, call, backend, (error) => unexpectedFailure(error, call));
}

/** The claims of the caller's token; 401 without a valid one. */
export function authenticate(call: ApiCall, backend: Backend): Promise<TokenClaims> {
  return authenticateWith(backend.db.tokenSecret, call);
}

/**
 * A change on this back end: the rule runs on the current data, one change at a time (backend.ts),
 * and the notifications it causes are kept with it.
 */
export const keepChange: KeepChange<Backend> = (backend, _rows, run, notices) =>
  backend.change((db) => {
    const outcome = run(db);
    if (!notices) return outcome;
    const after = databaseOf(outcome);
    const noticed = addNotifications(after, notices.events(after), notices.moment);
    return 'db' in outcome ? { ...outcome, db: noticed } : (noticed as typeof outcome);
  });

/** The viewer of a compact answer on `db`: the signed-in caller, if any. */
export function viewerIn(db: Database, claims: TokenClaims | undefined): Viewer {
  return { caller: claims ? findCaller(db, claims) : undefined, picture: pictureUrl, postImage: postImageUrl };
}

/** How a spec-form answer to `viewerId` names pictures and caps lists of people. */
export const specView = (viewerId: string | null): SpecView => ({ viewerId, picture: pictureUrl, postImage: postImageUrl });

/**
 * The spec's public reads (the users list, one user) ignore a token that is not valid: they answer
 * anyone. A valid one shows its owner their own bookmarks and extra fields.
 */
export async function readerIdOrNull(call: ApiCall, backend: Backend): Promise<string | null> {
  const claims = await readToken(backend.db.tokenSecret, call.headers.authorization);
  const user = claims && backend.db.users.find((entry) => entry._id === claims._id);
  // A token of a session that has ended (sessionVersion moved on) is ignored like one not valid.
  return claims && user && (user.sessionVersion ?? 0) === (claims.sv ?? 0) ? claims._id : null;
}

/** Reads may be asked signed in (then "…ByMe" says what the caller did) or not; a bad token is still refused. */
export async function optionalClaims(call: ApiCall, backend: Backend): Promise<TokenClaims | undefined> {
  return call.headers.authorization === undefined ? undefined : authenticate(call, backend);
}

/** Applies a rule that needs no caller (sign-up). */
export function changeWithoutCaller<T extends { db: Database }>(backend: Backend, rule: (db: Database, moment: Moment) => T): Promise<T> {
  const moment = currentMoment();
  return backend.change((db) => rule(db, moment));
}

/** Every post, newest first (the order the client shows by default), at most a page of them. */
export function allPostsReply(db: Database, view: SpecView, status = 200): ApiReply {
  return postListReply(db, db.posts, { sort: 'latest' }, view, '/posts', status);
}

/**
 * A list of posts: one page and the cursor of the next; asked for whole (the spec's form), its first
 * `LIMITS.maxSpecPosts` with a `Link` to the rest at `listPath` (under /api).
 */
export function postListReply(db: Database, posts: readonly StoredPost[], request: PageRequest, view: SpecView, listPath: string, status = 200): ApiReply {
  const users = indexUsers(db);
  const shown = postsListedFor(db, posts, view.viewerId === null ? undefined : users.get(view.viewerId));
  const page = pagePosts(shown, request.page ? { sort: request.sort, page: request.page } : wholeListPage(request.sort));
  const projected = page.posts.map((post) => toPublicPost(post, users, view));
  if (!request.page) return wholeListReply(projected, page.nextCursor, listPath, request.sort, status);
  return reply({ posts: projected, nextCursor: page.nextCursor }, status);
}
