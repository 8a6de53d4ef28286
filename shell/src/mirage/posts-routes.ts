import { allPostsReply, changeAsCaller, postListReply, reply, type ApiCall, type AskedBy, type RouteDefinition } from './http';
import { compactPostAnswer, postPageReply, readingViewer } from './compact-routes';
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
  toCompactPost,
  toPublicPost,
  wantsCompact,
} from '@chirp/api-rules';

const postId = (call: ApiCall) => call.params.postId!;
const postData = (call: ApiCall) => readPostData(readJsonObject(call.body));
/** Every change to posts answers with the whole list (spec 7), or the changed post when compact. */
const changedPost = (db: Database, asked: AskedBy) =>
  asked.compact ? compactPostAnswer(db, postId(asked.call), asked) : allPostsReply(db);

export const postsRoutes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/posts',
    handler: async (call, backend) =>
      wantsCompact(call.query)
        ? postPageReply(backend.db, backend.db.posts, call.query, await readingViewer(call, backend))
        : postListReply(backend.db, backend.db.posts, readPageRequest(call.query)),
  },
  {
    method: 'get',
    path: '/posts/user/:username',
    handler: async (call, backend) => {
      const posts = postsOfUser(backend.db, call.params.username!);
      return wantsCompact(call.query)
        ? postPageReply(backend.db, posts, call.query, await readingViewer(call, backend))
        : postListReply(backend.db, posts, readPageRequest(call.query));
    },
  },
  {
    method: 'get',
    path: '/posts/:postId',
    handler: async (call, backend) => {
      const { db } = backend;
      const post = findPost(db, postId(call));
      if (!wantsCompact(call.query)) return reply({ post: toPublicPost(post, indexUsers(db)) });
      return reply({ post: toCompactPost(db, post, await readingViewer(call, backend)) });
    },
  },
  {
    method: 'post',
    path: '/posts',
    handler: changeAsCaller(postData, createPost, (db, asked) =>
      // createPost appends: the new post is the last one.
      asked.compact ? compactPostAnswer(db, db.posts[db.posts.length - 1]!._id, asked, 201) : allPostsReply(db, 201),
    ),
  },
  {
    method: 'post',
    path: '/posts/edit/:postId',
    handler: changeAsCaller(
      (call) => ({ id: postId(call), data: postData(call) }),
      (db, caller, { id, data }, moment) => editPost(db, caller, id, data, moment),
      changedPost,
    ),
  },
  { method: 'post', path: '/posts/like/:postId', handler: changeAsCaller(postId, likePost, changedPost) },
  { method: 'post', path: '/posts/dislike/:postId', handler: changeAsCaller(postId, dislikePost, changedPost) },
  {
    method: 'delete',
    path: '/posts/:postId',
    handler: changeAsCaller(postId, deletePost, (db, asked) =>
      asked.compact ? reply({ postId: postId(asked.call) }) : allPostsReply(db),
    ),
  },
];
