/**
 * What every route needs (besides the call and reply shapes of `@chirp/api-rules`): the caller's token,
 * and `change` — one transaction that locks and loads the rows a rule touches, runs the shared pure
 * rule, and writes back what it changed (so a refused call changes nothing).
 */
import {
  answerCall,
  claimsOf,
  issueToken,
  authenticate as authenticateWith,
  databaseOf,
  readToken,
  reply,
  toPublicPost,
  toPublicUser,
  type ApiCall,
  type ApiReply,
  type Database,
  type KeepChange,
  type Notices,
  type RouteHandler as TableHandler,
  type RowsTouched,
  type StoredPost,
  type StoredUser,
  type TokenClaims,
  type CallerStamp,
  capIds,
  LIMITS,
  type SpecView,
} from '@chirp/api-rules';
import { namedInline, picturePath, postImagePath } from '../db/named-pictures';
import { authorOf, bookmarkersOf, loadCallerStamp, loadPostsById, loadSessionVersion, loadSummaries, loadUsersById, lockRows, saveChanges } from '../db/records';
import { recordNotices } from '../db/notifications';
import type { Queryable, Sql } from '../db/sql';
import type { Quotas } from '../quotas';
import type { FailureCounter } from '../limits';
import type { ImageStore } from '../image-store';
import type { Passwords } from '../passwords';

export interface Services {
  sql: Sql;
  jwtSecret: string;
  /** Failed log-ins per account, counted in the database (limits.ts). */
  loginFailures: FailureCounter;
  quotas: Quotas;
  /** Where images are kept: uploads, and pictures and post images sent inline (inline-images.ts). */
  images: ImageStore;
  /** Usernames (lower case) given the moderator role by CHIRP_MODERATORS, beside those granted it in the database. */
  moderatorNames: readonly string[];
  /** Hashes and checks passwords, at one cost for every new hash. */
  passwords: Passwords;
  /**
   * What a token is checked against (checkCaller): the account's username and session version, from
   * the primary. Each call of the route table has its own (`callerStamps`), read once: the table's
   * session check and the handler's `existingCaller` share the read.
   */
  callerStamp: (userId: string) => Promise<CallerStamp | undefined>;
}

/** The callers' stamps on `sql`, each account's read at most once: what one call of the route table is given. */
export function callerStamps(sql: Queryable): Services['callerStamp'] {
  const read = new Map<string, Promise<CallerStamp | undefined>>();
  return (userId) => {
    let stamp = read.get(userId);
    if (!stamp) {
      stamp = loadCallerStamp(sql, userId);
      read.set(userId, stamp);
    }
    return stamp;
  };
}

/** A route's work on this server (the route table of `@chirp/api-rules` says which and how to call it). */
export type RouteHandler = TableHandler<Services>;

/** Server texts for what only a server meets (the rules' texts cover everything else). */
export const SERVER_ERRORS = {
  unexpected: 'Something went wrong on the server. Please try again.',
  bodyTooLarge: (limit: number) => `The request body is too large (at most ${Math.floor(limit / 1024)} KB).`,
  nulCharacter: 'Text cannot contain the NUL character.',
  badAddress: 'The address of this call is not valid.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  tooManyFailedLogins: (minutes: number) =>
    `Too many failed log-ins for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  noFile: 'Send the image as the multipart field "file".',
  badMultipart: 'The upload is not a well-formed multipart form. Send the image as the multipart field "file".',
  badContentType: 'Send the body as JSON, with Content-Type: application/json.',
  headersTooLarge: 'The request headers are too large.',
  badRequest: 'The request could not be read.',
  notAnImage: 'Only JPEG, PNG, GIF and WebP images can be uploaded.',
  notReady: 'The database does not answer; this server cannot take calls now.',
  imageTooLarge: (limit: number) => `An image can be at most ${Math.floor(limit / (1024 * 1024))} MB.`,
} as const;

/**
 * What is not a refusal: NUL in text (400: PostgreSQL text cannot hold it, so nothing changed), else
 * a 500 (spec 8), logged.
 */
export function unexpectedFailure(error: unknown, call: ApiCall): ApiReply {
  const code = (error as { code?: string }).code;
  if (code === '22021' || code === '22P05') return reply({ errors: [SERVER_ERRORS.nulCharacter] }, 400);
  console.error(`The API failed on ${call.method} ${call.path}:`, error);
  return reply({ errors: [SERVER_ERRORS.unexpected] }, 500);
}

/** PostgreSQL's unique_violation: two sign-ups raced for one name (or two accounts for one address); the index decided. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** A token for the account, at its current session version. */
export const token = (services: Services, user: StoredUser) => issueToken(services.jwtSecret, claimsOf(user));

/** Runs a handler outside the route table (uploads): as the table's routes are run. */
export function runRoute(handler: (call: ApiCall, services: Services) => Promise<ApiReply>, call: ApiCall, services: Services): Promise<ApiReply> {
  return answerCall(handler, call, services, (error) => unexpectedFailure(error, call));
}

/** The claims of the caller's token; 401 without a valid one. */
export function authenticate(call: ApiCall, services: Services): Promise<TokenClaims> {
  return authenticateWith(services.jwtSecret, call);
}

/** The rows a change reads and writes: they are locked first, then loaded into the rule's input. */
export interface Scope extends RowsTouched {
  /**
   * Load only the relation entries (likes, bookmarks, follows) between the scope's own rows: enough
   * for a rule that changes one of them, when the answer is read from the database afterwards.
   */
  narrow?: boolean;
}

type Outcome = Database | { db: Database };

/**
 * One transaction: locks and loads the scope's rows as a `Database`, runs the rule, writes back
 * what changed. A refusal rolls everything back.
 */
export function change<T extends Outcome>(
  sql: Sql,
  scope: Scope,
  rule: (db: Database, tx: Queryable) => T,
  notices?: Notices,
  quotas?: Quotas,
): Promise<T> {
  return sql.transaction(async (tx) => {
    const postIds = scope.postIds ?? [];
    const extraUsers = scope.bookmarkersOf === undefined ? [] : await bookmarkersOf(tx, scope.bookmarkersOf);
    const userIds = [...(scope.userIds ?? []), ...extraUsers];
    await lockRows(tx, postIds, userIds);
    // Read with only its relations to the others, and not locked: the author only says whether the
    // two block one another, and is never written.
    const author = scope.authorOf === undefined ? [] : (await authorOf(tx, scope.authorOf)).filter((id) => !userIds.includes(id));
    const relations = scope.narrow ? [...postIds, ...userIds, ...author] : 'all';
    const before: Database = {
      tokenSecret: '',
      users: [...(await loadUsersById(tx, userIds, relations)), ...(await loadUsersById(tx, author, userIds))],
      posts: await loadPostsById(tx, postIds, relations),
    };
    const outcome = rule(before, tx);
    const after = databaseOf(outcome);
    await saveChanges(tx, before, after);
    if (notices) await recordNotices(tx, notices.events(after), notices.moment, quotas);
    return outcome;
  });
}

/** A change on this server: one transaction over the rows it touches (compact: their relations only). */
export const keepChange: KeepChange<Services> = ({ sql, quotas }, { compact, ...rows }, run, notices) =>
  change(sql, { ...rows, narrow: compact }, run, notices, quotas);

/**
 * How a spec-form answer of this server names large pictures and images (by the URLs it serves them
 * at, versioned by the row's `updatedAt`) and caps lists of people around `viewerId`.
 */
export function specView(call: ApiCall, viewerId: string | null): SpecView {
  const naming = { origin: call.origin ?? '' };
  const version = (updatedAt: string | undefined) => (updatedAt === undefined ? 0 : Date.parse(updatedAt));
  const named = (inline: string, path: string) => namedInline(naming, inline, path);
  return {
    viewerId,
    picture: (owner) => named(owner.profilePic, picturePath(owner._id, version(owner.updatedAt))),
    postImage: (post, position) => named(post.image, postImagePath(post._id, version(post.updatedAt), position)),
  };
}

/** Users as the API shows them: follow lists as current summaries (capped), no password. */
export async function publicUsers(q: Queryable, users: readonly StoredUser[], view: SpecView) {
  // Only the people the capped lists will show are looked up (the viewer's own follows are whole).
  const shown = users.flatMap((user) => [
    ...capIds(user.followers, LIMITS.maxSpecPeople, view.viewerId),
    ...(user._id === view.viewerId ? user.following : capIds(user.following, LIMITS.maxSpecPeople, view.viewerId)),
  ]);
  const index = await loadSummaries(q, shown);
  return users.map((user) => toPublicUser(user, index, view));
}

/**
 * The spec's public reads ignore a token that is not valid, or of a session that has ended; a valid
 * one shows its owner their own bookmarks.
 */
export async function readerIdOrNull(call: ApiCall, services: Services): Promise<string | null> {
  const claims = await readToken(services.jwtSecret, call.headers.authorization);
  if (!claims) return null;
  return (await loadSessionVersion(services.sql, claims._id)) === (claims.sv ?? 0) ? claims._id : null;
}

/** Posts as the API shows them: likedBy / dislikedBy as current summaries (capped). */
export async function publicPosts(q: Queryable, posts: readonly StoredPost[], view: SpecView) {
  const index = await loadSummaries(q, posts.flatMap((post) => [...post.likes.likedBy, ...post.likes.dislikedBy]));
  return posts.map((post) => toPublicPost(post, index, view));
}

export { currentMoment, reply, type ApiCall, type ApiReply } from '@chirp/api-rules';
