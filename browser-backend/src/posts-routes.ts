import { allPostsReply, keepChange, postListReply, readerIdOrNull, reply, specView, type ApiCall, type AskedBy, type RouteHandler } from './http';
import { compactPostAnswer, postPageReply, readingViewer } from './compact-routes';
import type { Backend } from './backend';
import {
  changeHandler,
  CHANGES,
  type Database,
  type DeletedPost,
  findShownPost,
  indexUsers,
  isTopLevel,
  repliesOfUser,
  repliesTo,
  type StoredPost,
  threadOf,
  postsOfUser,
  readPageRequest,
  type RouteName,
  toCompactPost,
  toPublicPost,
  wantsCompact,
} from '@chirp/api-rules';

const postId = (call: ApiCall) => call.params.postId!;
/** Every change to posts answers with the whole list (spec 7), or the changed post when compact. */
const changedPost = (db: Database, _backend: Backend, asked: AskedBy) =>
  asked.compact ? compactPostAnswer(db, postId(asked.call), asked) : allPostsReply(db, specView(asked.claims._id));

const compactAnswer = (db: Database, _backend: Backend, asked: AskedBy) => compactPostAnswer(db, postId(asked.call), asked);
const answeredOk =
  (handler: RouteHandler): RouteHandler =>
  async (...args) => ({ ...(await handler(...args)), status: 200 });

/** The compact feeds show posts that start a conversation; the spec's lists hold every post. */
export const postsHandlers = {
  posts: async (call, backend) =>
    wantsCompact(call.query)
      ? postPageReply(backend.db, backend.db.posts.filter(isTopLevel), call.query, await readingViewer(call, backend))
      : postListReply(backend.db, backend.db.posts, readPageRequest(call.query), specView(await readerIdOrNull(call, backend)), '/posts'),
  postsOfUser: async (call, backend) => {
    const username = call.params.username!;
    const posts = postsOfUser(backend.db, username);
    if (wantsCompact(call.query)) return postPageReply(backend.db, posts.filter(isTopLevel), call.query, await readingViewer(call, backend));
    const view = specView(await readerIdOrNull(call, backend));
    return postListReply(backend.db, posts, readPageRequest(call.query), view, `/posts/user/${encodeURIComponent(username)}`);
  },
  thread: async (call, backend) => {
    const { db } = backend;
    const viewer = await readingViewer(call, backend);
    const { ancestors, post } = threadOf(db, postId(call), viewer.caller?._id);
    const compact = (entry: StoredPost | DeletedPost) => ('deleted' in entry ? entry : toCompactPost(db, entry, viewer));
    return reply({ ancestors: ancestors.map(compact), post: toCompactPost(db, post, viewer) });
  },
  replies: async (call, backend) =>
    postPageReply(backend.db, repliesTo(backend.db, postId(call)), call.query, await readingViewer(call, backend)),
  repliesOfUser: async (call, backend) =>
    postPageReply(backend.db, repliesOfUser(backend.db, call.params.username!), call.query, await readingViewer(call, backend)),
  post: async (call, backend) => {
    const { db } = backend;
    if (!wantsCompact(call.query)) {
      const viewerId = await readerIdOrNull(call, backend);
      return reply({ post: toPublicPost(findShownPost(db, postId(call), viewerId), indexUsers(db), specView(viewerId)) });
    }
    const viewer = await readingViewer(call, backend);
    return reply({ post: toCompactPost(db, findShownPost(db, postId(call), viewer.caller?._id), viewer) });
  },
  createPost: changeHandler(keepChange, CHANGES.createPost, (db, _backend, asked) =>
    // createPost appends: the new post is the last one.
    asked.compact ? compactPostAnswer(db, db.posts[db.posts.length - 1]!._id, asked, 201) : allPostsReply(db, specView(asked.claims._id), 201),
  ),
  editPost: changeHandler(keepChange, CHANGES.editPost, changedPost),
  likePost: changeHandler(keepChange, CHANGES.likePost, changedPost),
  dislikePost: changeHandler(keepChange, CHANGES.dislikePost, changedPost),
  // New calls answer 200 and the compact post, whichever form was asked.
  repost: answeredOk(changeHandler(keepChange, CHANGES.repost, compactAnswer)),
  unrepost: answeredOk(changeHandler(keepChange, CHANGES.unrepost, compactAnswer)),
  deletePost: changeHandler(keepChange, CHANGES.deletePost, (db, _backend, asked) =>
    asked.compact ? reply({ postId: postId(asked.call) }) : allPostsReply(db, specView(asked.claims._id)),
  ),
} satisfies Partial<Record<RouteName, RouteHandler>>;
