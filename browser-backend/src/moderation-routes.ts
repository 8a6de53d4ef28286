/**
 * Reports and moderation, answered from this back end's data with the shared rules, as the server
 * answers them from its tables (server/src/api/moderation-routes.ts).
 */
import {
  auditLog,
  currentMoment,
  dismissReports,
  findCaller,
  readJsonObject,
  readReport,
  refuseUnlessModerator,
  reportedPosts,
  reportPost,
  setPostRemoved,
  setSuspended,
  toCompactPost,
  type Database,
  type RouteName,
  type StoredUser,
} from '@chirp/api-rules';
import type { TokenClaims } from '@chirp/api-rules';
import type { Backend } from './backend';
import { reply, viewerIn, type ApiCall, type RouteHandler } from './http';

/** The caller, who must be a moderator. */
function moderatorIn(db: Database, backend: Backend, claims: TokenClaims): StoredUser {
  const caller = findCaller(db, claims);
  refuseUnlessModerator(caller, backend.moderatorNames);
  return caller;
}

/** A moderator's change to one post or account, applied as one change of this back end's data. */
const moderation =
  <Answer>(act: (db: Database, moderator: StoredUser, call: ApiCall) => { db: Database; answer: Answer }): RouteHandler =>
  async (call, backend, claims) => {
    const { answer } = await backend.change((db) => act(db, moderatorIn(db, backend, claims!), call));
    return reply(answer);
  };

const removal = (removed: boolean) =>
  moderation((db, moderator, call) => {
    const postId = call.params.postId!;
    return { db: setPostRemoved(db, moderator, postId, removed, currentMoment()), answer: { postId, removedByModerators: removed } };
  });

const suspension = (suspended: boolean) =>
  moderation((db, moderator, call) => {
    const userId = call.params.userId!;
    return { db: setSuspended(db, moderator, userId, suspended, currentMoment()), answer: { userId, suspended } };
  });

export const moderationHandlers = {
  reportPost: async (call, backend, claims) => {
    const input = readReport(readJsonObject(call.body));
    const moment = currentMoment();
    const { report } = await backend.change((db) => reportPost(db, findCaller(db, claims!), call.params.postId!, input, moment));
    return reply({ report }, 201);
  },
  reportedPosts: async (_call, backend, claims) => {
    const { db } = backend;
    const viewer = viewerIn(db, claims);
    moderatorIn(db, backend, claims!);
    return reply({ reports: reportedPosts(db, (post) => toCompactPost(db, post, viewer)) });
  },
  hidePost: removal(true),
  restorePost: removal(false),
  dismissReports: moderation((db, moderator, call) => {
    const postId = call.params.postId!;
    const { db: after, dismissed } = dismissReports(db, moderator, postId, currentMoment());
    return { db: after, answer: { postId, dismissed } };
  }),
  suspendUser: suspension(true),
  unsuspendUser: suspension(false),
  moderationLog: async (_call, backend, claims) => {
    moderatorIn(backend.db, backend, claims!);
    return reply({ entries: auditLog(backend.db) });
  },
} satisfies Partial<Record<RouteName, RouteHandler>>;
