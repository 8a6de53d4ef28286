/**
 * The route table of @chirp/contracts bound to a back end, so that both back ends answer the same
 * calls the same way: the token check and the body's refusal before any handler, and, for the calls
 * that change data, which input they read, which rows they touch and which rule they run. The
 * in-browser back end (browser-backend/src/server.ts) and the server (server/src/app.ts) are thin
 * adapters over it: each registers `routeTable(...)` with its router and gives, per route, only what
 * depends on its storage (reading lists from memory or from SQL, keeping a change).
 */
import { API_ROUTES, type ApiRoutes, type BodyName, type RouteDescriptor, type RouteName, type RouteTable } from '@chirp/contracts';
import { answerCall, currentMoment, reply, type ApiCall, type ApiReply } from './calls';
import { DECIDED_ERRORS, SPEC_ERRORS } from './decisions';
import { findCaller, refuse, type Database, type Moment, type StoredUser } from './database';
import { createPost, deletePost, dislikePost, editPost, likePost, repostPost, unrepostPost } from './posts-rules';
import { readToken, type TokenClaims } from './tokens';
import { bookmarkPost, editProfile, follow, removeBookmark, unfollow } from './users-rules';
import {
  blockUser, muteUser, muteWord, mutedWordsOf, readMutedWord, toRelation, unblockUser, unmuteUser, unmuteWord, type MutedWordsChange, type RelationChange,
} from './safety-rules';
import { readAccountDeletion, readAccountEdit, readCredentials, readJsonObject, readPasswordChange, readPostData, readProfileEdit, readSignup } from './validation';
import { readReport } from './moderation-rules';
import { wantsCompact } from './compact';
import { followEvents, likeEvents, newPostEvents, repostEvents, type NotificationEvent } from './notifications';

export { API_ROUTES, type BodyName, type Method, type RouteDescriptor as RouteSpec, type RouteName, type RouteTable } from '@chirp/contracts';

/** A route's work on one back end; `claims` is the caller's, present on every 'token' route. */
export type RouteHandler<Context> = (call: ApiCall, context: Context, claims: TokenClaims | undefined) => Promise<ApiReply>;

/** One handler per route of the table: a back end that misses one does not compile. */
export type RouteHandlers<Context, Table extends RouteTable = ApiRoutes> = { [Name in keyof Table]: RouteHandler<Context> };

export interface BoundRoute<Context, Name extends string = RouteName> extends RouteDescriptor {
  name: Name;
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
  accountEdit: (text) => readAccountEdit(readJsonObject(text)),
  passwordChange: (text) => readPasswordChange(readJsonObject(text)),
  report: (text) => readReport(readJsonObject(text)),
  accountDeletion: (text) => readAccountDeletion(readJsonObject(text)),
  mutedWord: (text) => readMutedWord(readJsonObject(text)),
};

/** The answer to a body that its schema refused and its reader took: the schema's own words. */
export const bodyMismatch = (detail: string) => refuse(400, DECIDED_ERRORS.bodyMismatch(detail));

/** The claims of the caller's token; 401 without a valid one. */
export async function authenticate(secret: string, call: ApiCall): Promise<TokenClaims> {
  return (await readToken(secret, call.headers.authorization)) ?? refuse(401, SPEC_ERRORS.invalidToken);
}

export interface RouteTableOptions<Context> {
  tokenSecret: (context: Context) => string;
  unexpected: (error: unknown, call: ApiCall) => ApiReply;
  /** The account's current session version (undefined: no such account, the handler says so). */
  sessionVersion?: (context: Context, userId: string) => Promise<number | undefined>;
}

/**
 * The table bound to one back end's handlers, in the table's order, ready for its router.
 * `unexpected` answers a failure that is not a refusal (logged, a 500: spec 8).
 */
export function routeTable<Context, Table extends RouteTable = ApiRoutes>(
  handlers: RouteHandlers<Context, NoInfer<Table>>,
  { tokenSecret, unexpected, sessionVersion }: RouteTableOptions<Context>,
  table: Table = API_ROUTES as RouteTable as Table,
): BoundRoute<Context, keyof Table & string>[] {
  return (Object.keys(table) as (keyof Table & string)[]).map((name) => {
    const spec: RouteDescriptor = table[name];
    const handler: (call: ApiCall, context: Context) => Promise<ApiReply> = async (call, context) => {
      const claims = spec.auth === 'token' ? await authenticate(tokenSecret(context), call) : undefined;
      // A token of an older session (a password changed, every session signed out) is no token.
      if (claims && sessionVersion) {
        const current = await sessionVersion(context, claims._id);
        if (current !== undefined && current !== (claims.sv ?? 0)) refuse(401, SPEC_ERRORS.invalidToken);
      }
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
  /**
   * Also this post's author, read but not changed (not locked: a like of a popular author's post
   * must not wait on every other), for the rule to see whether the two block one another.
   */
  authorOf?: string;
}

/** A change: what it reads from the call, which rows it touches beside the caller's, and its rule. */
export interface ChangeSpec<Input, Outcome extends Database | { db: Database }> {
  input: (call: ApiCall) => Input;
  rows: (input: Input) => RowsTouched;
  rule: (db: Database, caller: StoredUser, input: Input, moment: Moment) => Outcome;
  /** Who hears of it (notifications), read from the rows after the rule ran (at `moment`); kept in the same change. */
  notify?: (after: Database, caller: StoredUser, input: Input, moment: Moment) => NotificationEvent[];
}

const change = <Input, Outcome extends Database | { db: Database }>(spec: ChangeSpec<Input, Outcome>) => spec;
const postIdOf = (call: ApiCall) => call.params.postId!;
const userIdOf = (call: ApiCall) => call.params.userId!;
const postDataOf = (call: ApiCall) => readPostData(readJsonObject(call.body));
const mutedWordOf = (call: ApiCall) => readMutedWord(readJsonObject(call.body));
const onPost = (id: string): RowsTouched => ({ postIds: [id] });
/** A post and its author, who may block the caller (a like, a reply) or be suspended. */
const onPostAndAuthor = (id: string): RowsTouched => ({ postIds: [id], authorOf: id });
const onUser = (id: string): RowsTouched => ({ userIds: [id] });
const callerOnly = (): RowsTouched => ({});

/** Every route that changes data, by its name in API_ROUTES. */
export const CHANGES = {
  editProfile: change({ input: (call) => readProfileEdit(readJsonObject(call.body)), rows: callerOnly, rule: editProfile }),
  // Reads the author too: nobody finds a suspended author's post (moderation-rules.ts).
  bookmark: change({ input: postIdOf, rows: onPostAndAuthor, rule: bookmarkPost }),
  removeBookmark: change({ input: postIdOf, rows: onPost, rule: removeBookmark }),
  follow: change({ input: userIdOf, rows: onUser, rule: follow, notify: followEvents }),
  unfollow: change({ input: userIdOf, rows: onUser, rule: unfollow }),
  createPost: change({
    input: postDataOf,
    // A reply reads the post it answers, a quote the post it quotes (each must exist; its author
    // hears of it). A reply that quotes checks blocks against the replied-to post's author.
    rows: (input) => {
      const read = [input.replyTo, input.quoteOf].filter((id) => id !== undefined);
      return read.length === 0 ? {} : { postIds: read, authorOf: read[0] };
    },
    rule: createPost,
    // createPost appends: the new post is the last one.
    notify: (after, caller) => newPostEvents(after, caller, after.posts[after.posts.length - 1]!._id),
  }),
  editPost: change({
    input: (call) => ({ id: postIdOf(call), data: postDataOf(call) }),
    rows: ({ id }) => onPost(id),
    rule: (db, caller, { id, data }, moment) => editPost(db, caller, id, data, moment),
  }),
  likePost: change({ input: postIdOf, rows: onPostAndAuthor, rule: likePost, notify: likeEvents }),
  dislikePost: change({ input: postIdOf, rows: onPostAndAuthor, rule: dislikePost }),
  repost: change({ input: postIdOf, rows: onPostAndAuthor, rule: repostPost, notify: repostEvents }),
  unrepost: change({ input: postIdOf, rows: onPostAndAuthor, rule: (db, caller, id) => unrepostPost(db, caller, id) }),
  deletePost: change({ input: postIdOf, rows: (id) => ({ postIds: [id], bookmarkersOf: id }), rule: deletePost }),
  mute: change({ input: userIdOf, rows: onUser, rule: muteUser }),
  unmute: change({ input: userIdOf, rows: onUser, rule: unmuteUser }),
  block: change({ input: userIdOf, rows: onUser, rule: blockUser }),
  unblock: change({ input: userIdOf, rows: onUser, rule: unblockUser }),
  muteWord: change({ input: mutedWordOf, rows: callerOnly, rule: muteWord }),
  unmuteWord: change({ input: mutedWordOf, rows: callerOnly, rule: unmuteWord }),
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
    const notices = notify && { events: (after: Database) => notify(after, findCaller(after, caller), input, moment), moment };
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

/** What a change's rule gives back, by the change's name. */
type OutcomeOf<Name extends keyof typeof CHANGES> = ReturnType<(typeof CHANGES)[Name]['rule']>;
/** A back end's answer to a change: its projection of the outcome, in the form asked. */
export type ChangeAnswer<Context, Outcome> = (outcome: Outcome, context: Context, asked: AskedBy) => ApiReply | Promise<ApiReply>;

/**
 * The handlers of the four toggles (bookmark, follow and their undoing): a back end gives only its
 * two projections, of a bookmark list and of a follow.
 */
export const toggleHandlers = <Context>(
  keep: KeepChange<Context>,
  answers: { bookmarks: ChangeAnswer<Context, OutcomeOf<'bookmark'>>; follow: ChangeAnswer<Context, OutcomeOf<'follow'>> },
) => ({
  bookmark: changeHandler(keep, CHANGES.bookmark, answers.bookmarks),
  removeBookmark: changeHandler(keep, CHANGES.removeBookmark, answers.bookmarks),
  follow: changeHandler(keep, CHANGES.follow, answers.follow),
  unfollow: changeHandler(keep, CHANGES.unfollow, answers.follow),
});

/** A change's handler that answers 200: the calls that are new, not the original's (which answer 201). */
function newChangeHandler<Context, Input, Outcome extends Database | { db: Database }>(
  keep: KeepChange<Context>,
  spec: ChangeSpec<Input, Outcome>,
  answer: (outcome: Outcome) => ApiReply,
): RouteHandler<Context> {
  const run = changeHandler(keep, spec, answer);
  return async (...args) => ({ ...(await run(...args)), status: 200 });
}

/** The handlers of mute, block and their undoing: each answers the caller's relation to the person, with 200. */
export const relationHandlers = <Context>(keep: KeepChange<Context>) => {
  const answer = ({ user, target }: RelationChange) => reply({ relation: toRelation(user, target) });
  return {
    mute: newChangeHandler(keep, CHANGES.mute, answer),
    unmute: newChangeHandler(keep, CHANGES.unmute, answer),
    block: newChangeHandler(keep, CHANGES.block, answer),
    unblock: newChangeHandler(keep, CHANGES.unblock, answer),
  };
};

/**
 * The handlers of muting a word and unmuting it: each answers the caller's list, with 200. Reading
 * the list is the back end's (it reads the caller its own way).
 */
export const mutedWordHandlers = <Context>(keep: KeepChange<Context>) => {
  const answer = ({ user }: MutedWordsChange) => reply({ words: mutedWordsOf(user) });
  return { muteWord: newChangeHandler(keep, CHANGES.muteWord, answer), unmuteWord: newChangeHandler(keep, CHANGES.unmuteWord, answer) };
};

/** The status of a change that succeeded (sign-up and a new post: 201 by the spec; the rest as the original). */
export const CHANGE_STATUS = 201;
