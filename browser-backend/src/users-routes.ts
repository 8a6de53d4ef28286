import { keepChange, readerIdOrNull, reply, specView, viewerIn, type ApiCall, type AskedBy, type RouteHandler } from './http';
import { compactFollowAnswer, peoplePageReply, readingViewer } from './compact-routes';
import type { Backend } from './backend';
import {
  changeHandler,
  toggleHandlers,
  LIMITS,
  CHANGES,
  type Database,
  findCaller,
  findUserById,
  indexUsers,
  type RouteName,
  type StoredUser,
  toProfile,
  toPublicUser,
  wantsCompact,
} from '@chirp/api-rules';

const userId = (call: ApiCall) => call.params.userId!;

const bookmarks = ({ user }: { user: StoredUser }, _backend: Backend, asked: AskedBy) => {
  const postId = asked.call.params.postId!;
  return asked.compact ? reply({ postId, bookmarkedByMe: user.bookmarks.includes(postId) }) : reply({ bookmarks: user.bookmarks });
};

function followBody({ db, user, followUser }: { db: Database; user: StoredUser; followUser: StoredUser }, _backend: Backend, asked: AskedBy) {
  if (asked.compact) return compactFollowAnswer(db, user, followUser, asked);
  const users = indexUsers(db);
  const view = specView(user._id);
  return reply({ user: toPublicUser(user, users, view), followUser: toPublicUser(followUser, users, view) });
}

export const usersHandlers = {
  users: async (call, backend) => {
    const { db } = backend;
    if (wantsCompact(call.query)) return peoplePageReply(db, db.users, call.query, await readingViewer(call, backend));
    const users = indexUsers(db);
    const view = specView(await readerIdOrNull(call, backend));
    return reply({ users: db.users.slice(0, LIMITS.maxSpecPosts).map((user) => toPublicUser(user, users, view)) });
  },
  bookmarks: async (_call, backend, claims) => reply({ bookmarks: findCaller(backend.db, claims!).bookmarks }),
  user: async (call, backend) => {
    const { db } = backend;
    const user = findUserById(db, userId(call));
    if (!wantsCompact(call.query)) return reply({ user: toPublicUser(user, indexUsers(db), specView(await readerIdOrNull(call, backend))) });
    return reply({ user: toProfile(db, user, await readingViewer(call, backend)) });
  },
  editProfile: changeHandler(keepChange, CHANGES.editProfile, ({ db, user }, _backend, asked) =>
    reply({ user: asked.compact ? toProfile(db, user, viewerIn(db, asked.claims)) : toPublicUser(user, indexUsers(db), specView(user._id)) }),
  ),
  ...toggleHandlers(keepChange, { bookmarks, follow: followBody }),
} satisfies Partial<Record<RouteName, RouteHandler>>;
