/**
 * What the routes files need, without Mirage: a call as plain values, a reply as plain values, and
 * the one place where refusals and unexpected failures become `{ errors: [text] }`. server.ts adapts
 * Mirage to this; the Node server (server/) adapts Fastify to the same shapes of `@chirp/api-rules`.
 */
import type { Backend } from './backend';
import {
  answerCall,
  currentMoment,
  type ApiCall,
  type ApiReply,
  type Database,
  DECIDED_ERRORS,
  findCaller,
  indexUsers,
  type Moment,
  orderPosts,
  pagePosts,
  type PageRequest,
  readToken,
  refuse,
  reply,
  SPEC_ERRORS,
  type StoredPost,
  type StoredUser,
  type TokenClaims,
  toPublicPost,
  type Viewer,
  wantsCompact,
} from '@chirp/api-rules';
import { pictureUrl } from './pictures';

export type { ApiCall, ApiReply } from '@chirp/api-rules';
export { reply };

export type RouteHandler = (call: ApiCall, backend: Backend) => Promise<ApiReply>;

export interface RouteDefinition {
  method: 'get' | 'post' | 'delete';
  /** Under /api, with `:name` parameters. */
  path: string;
  handler: RouteHandler;
}

/** Runs a handler: a `Refusal` becomes its status and text; anything else a 500 (spec 8), logged. */
export function runRoute(handler: RouteHandler, call: ApiCall, backend: Backend): Promise<ApiReply> {
  return answerCall(handler, call, backend, (error) => {
    console.error(`The demo back end failed on ${call.method} ${call.path}:`, error);
    return reply({ errors: [DECIDED_ERRORS.unexpected] }, 500);
  });
}

/** The claims of the caller's token; 401 without a valid one (decision: checked on every protected call). */
export async function authenticate(call: ApiCall, backend: Backend): Promise<TokenClaims> {
  return (await readToken(backend.db.tokenSecret, call.headers.authorization)) ?? refuse(401, SPEC_ERRORS.invalidToken);
}

/**
 * A protected call that changes data: the token is checked before the input is read (so a caller
 * without one hears 401 before any 400), then the rule runs on the current data as the caller, looked
 * up inside the change so it is current.
 */
export function changeAsCaller<Input, Outcome extends Database | { db: Database }>(
  readInput: (call: ApiCall) => Input,
  rule: (db: Database, caller: StoredUser, input: Input, moment: Moment) => Outcome,
  answer: (outcome: Outcome, asked: AskedBy) => ApiReply,
): RouteHandler {
  return async (call, backend) => {
    const claims = await authenticate(call, backend);
    const compact = wantsCompact(call.query);
    const input = readInput(call);
    const moment = currentMoment();
    const outcome = await backend.change((db) => rule(db, findCaller(db, claims), input, moment));
    return answer(outcome, { call, claims, compact });
  };
}

/** Who asked a change, and in which form they want the answer. */
export interface AskedBy {
  call: ApiCall;
  claims: TokenClaims;
  compact: boolean;
}

/** The viewer of a compact answer on `db`: the signed-in caller, if any. */
export function viewerIn(db: Database, claims: TokenClaims | undefined): Viewer {
  return { caller: claims ? findCaller(db, claims) : undefined, picture: pictureUrl };
}

/**
 * The spec's public reads (the users list, one user) ignore a token that is not valid: they answer
 * anyone. A valid one shows its owner their own bookmarks and extra fields.
 */
export async function readerIdOrNull(call: ApiCall, backend: Backend): Promise<string | null> {
  return (await readToken(backend.db.tokenSecret, call.headers.authorization))?._id ?? null;
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

/** Every post, newest first (the order the client shows by default). */
export function allPostsReply(db: Database, status = 200): ApiReply {
  return { ...postListReply(db, db.posts, { sort: 'latest' }), status };
}

/** A list of posts: whole when no paging was asked for, else one page and the cursor of the next. */
export function postListReply(db: Database, posts: readonly StoredPost[], request: PageRequest): ApiReply {
  const users = indexUsers(db);
  const project = (list: readonly StoredPost[]) => list.map((post) => toPublicPost(post, users));
  if (!request.page) return reply({ posts: project(orderPosts(posts, request.sort)) });
  const page = pagePosts(posts, { sort: request.sort, page: request.page });
  return reply({ posts: project(page.posts), nextCursor: page.nextCursor });
}
