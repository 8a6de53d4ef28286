import { authenticate, changeAsCaller, reply, type ApiCall, type RouteDefinition } from './http';
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
  toPublicUser,
  unfollow,
} from '@chirp/api-rules';

const postId = (call: ApiCall) => call.params.postId!;
const userId = (call: ApiCall) => call.params.userId!;

const bookmarks = ({ user }: { user: StoredUser }) => reply({ bookmarks: user.bookmarks });

function followBody({ db, user, followUser }: { db: Database; user: StoredUser; followUser: StoredUser }) {
  const users = indexUsers(db);
  return reply({ user: toPublicUser(user, users), followUser: toPublicUser(followUser, users) });
}

export const usersRoutes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/users',
    handler: async (_call, { db }) => {
      const users = indexUsers(db);
      return reply({ users: db.users.map((user) => toPublicUser(user, users)) });
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
    handler: async (call, { db }) => reply({ user: toPublicUser(findUserById(db, userId(call)), indexUsers(db)) }),
  },
  {
    method: 'post',
    path: '/users/edit',
    handler: changeAsCaller(
      (call) => readProfileEdit(readJsonObject(call.body)),
      editProfile,
      ({ db, user }) => reply({ user: toPublicUser(user, indexUsers(db)) }),
    ),
  },
  { method: 'post', path: '/users/bookmark/:postId', handler: changeAsCaller(postId, bookmarkPost, bookmarks) },
  { method: 'post', path: '/users/remove-bookmark/:postId', handler: changeAsCaller(postId, removeBookmark, bookmarks) },
  { method: 'post', path: '/users/follow/:userId', handler: changeAsCaller(userId, follow, followBody) },
  { method: 'post', path: '/users/unfollow/:userId', handler: changeAsCaller(userId, unfollow, followBody) },
];
