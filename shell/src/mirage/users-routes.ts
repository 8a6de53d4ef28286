import { authenticate, changeAsCaller, readerIdOrNull, reply, viewerIn, type ApiCall, type AskedBy, type RouteDefinition } from './http';
import { compactFollowAnswer, peoplePageReply, readingViewer } from './compact-routes';
import {
  bookmarkPost,
  type Database,
  editProfile,
  findCaller,
  findUserById,
  follow,
  indexUsers,
  readJsonObject,
  readProfileEdit,
  removeBookmark,
  type StoredUser,
  toProfile,
  toPublicUser,
  unfollow,
  wantsCompact,
} from '@chirp/api-rules';

const postId = (call: ApiCall) => call.params.postId!;
const userId = (call: ApiCall) => call.params.userId!;

const bookmarks = ({ user }: { user: StoredUser }, asked: AskedBy) =>
  asked.compact
    ? reply({ postId: postId(asked.call), bookmarkedByMe: user.bookmarks.includes(postId(asked.call)) })
    : reply({ bookmarks: user.bookmarks });

function followBody({ db, user, followUser }: { db: Database; user: StoredUser; followUser: StoredUser }, asked: AskedBy) {
  if (asked.compact) return compactFollowAnswer(db, user, followUser, asked);
  const users = indexUsers(db);
  return reply({ user: toPublicUser(user, users, user._id), followUser: toPublicUser(followUser, users, user._id) });
}

export const usersRoutes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/users',
    handler: async (call, backend) => {
      const { db } = backend;
      if (wantsCompact(call.query)) return peoplePageReply(db.users, call.query, await readingViewer(call, backend));
      const users = indexUsers(db);
      const viewer = await readerIdOrNull(call, backend);
      return reply({ users: db.users.map((user) => toPublicUser(user, users, viewer)) });
    },
  },
  {
    method: 'get',
    path: '/users/bookmark',
    handler: async (call, backend) => {
      const claims = await authenticate(call, backend);
      return reply({ bookmarks: findCaller(backend.db, claims).bookmarks });
    },
  },
  {
    method: 'get',
    path: '/users/:userId',
    handler: async (call, backend) => {
      const { db } = backend;
      const user = findUserById(db, userId(call));
      if (!wantsCompact(call.query)) return reply({ user: toPublicUser(user, indexUsers(db), await readerIdOrNull(call, backend)) });
      return reply({ user: toProfile(db, user, await readingViewer(call, backend)) });
    },
  },
  {
    method: 'post',
    path: '/users/edit',
    handler: changeAsCaller(
      (call) => readProfileEdit(readJsonObject(call.body)),
      editProfile,
      ({ db, user }, asked) =>
        reply({ user: asked.compact ? toProfile(db, user, viewerIn(db, asked.claims)) : toPublicUser(user, indexUsers(db), user._id) }),
    ),
  },
  { method: 'post', path: '/users/bookmark/:postId', handler: changeAsCaller(postId, bookmarkPost, bookmarks) },
  { method: 'post', path: '/users/remove-bookmark/:postId', handler: changeAsCaller(postId, removeBookmark, bookmarks) },
  { method: 'post', path: '/users/follow/:userId', handler: changeAsCaller(userId, follow, followBody) },
  { method: 'post', path: '/users/unfollow/:userId', handler: changeAsCaller(userId, unfollow, followBody) },
];
