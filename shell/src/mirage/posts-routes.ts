import { allPostsReply, changeAsCaller, postListReply, reply, type ApiCall, type RouteDefinition } from './http';
import {
  createPost,
  type Database,
  deletePost,
  dislikePost,
  editPost,
  findPost,
  indexUsers,
  likePost,
  postsOfUser,
  readJsonObject,
  readPageRequest,
  readPostData,
  toPublicPost,
} from '@chirp/api-rules';

const postId = (call: ApiCall) => call.params.postId!;
const postData = (call: ApiCall) => readPostData(readJsonObject(call.body));
/** Every change to posts answers with the whole list (spec 7). */
const allPosts = (db: Database) => allPostsReply(db);

export const postsRoutes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/posts',
    handler: async (call, { db }) => postListReply(db, db.posts, readPageRequest(call.query)),
  },
  {
    method: 'get',
    path: '/posts/user/:username',
    handler: async (call, { db }) =>
      postListReply(db, postsOfUser(db, call.params.username!), readPageRequest(call.query)),
  },
  {
    method: 'get',
    path: '/posts/:postId',
    handler: async (call, { db }) => reply({ post: toPublicPost(findPost(db, postId(call)), indexUsers(db)) }),
  },
  { method: 'post', path: '/posts', handler: changeAsCaller(postData, createPost, (db) => allPostsReply(db, 201)) },
  {
    method: 'post',
    path: '/posts/edit/:postId',
    handler: changeAsCaller(
      (call) => ({ id: postId(call), data: postData(call) }),
      (db, caller, { id, data }, moment) => editPost(db, caller, id, data, moment),
      allPosts,
    ),
  },
  { method: 'post', path: '/posts/like/:postId', handler: changeAsCaller(postId, likePost, allPosts) },
  { method: 'post', path: '/posts/dislike/:postId', handler: changeAsCaller(postId, dislikePost, allPosts) },
  { method: 'delete', path: '/posts/:postId', handler: changeAsCaller(postId, deletePost, allPosts) },
];
