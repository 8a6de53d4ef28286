import { describe, expect, it } from 'vitest';
import type { Database, Moment, StoredUser } from '../database';
import { liveEventsOf } from '../live';
import { addNotifications, likeEvents, markNotificationsRead } from '../notifications';
import { createPost, dislikePost as unlikeOrDislike, likePost } from '../posts-rules';

let ids = 0;
const moment: Moment = { now: '2026-12-01T10:00:00+00:00', newId: () => `id-${(ids += 1)}` };
const person = (id: string): StoredUser => ({
  _id: id, username: id, firstName: id, lastName: id, passwordHash: 'h', profilePic: '', title: '', bio: '', website: '',
  bookmarks: [], followers: [], following: [], extras: {}, createdAt: moment.now, updatedAt: moment.now,
});
const ann = person('ann');
const bob = person('bob');
const empty: Database = { tokenSecret: 'k', users: [ann, bob], posts: [], notifications: [] };

describe('the live events of a change', () => {
  it('announce a new post to everyone, with its author and the post it answers', () => {
    const withPost = createPost(empty, ann, { content: 'hello' }, moment);
    const post = withPost.posts[0]!;
    expect(liveEventsOf(empty, withPost)).toEqual([{ userId: null, event: { type: 'post', postId: post._id, author: 'ann' } }]);
    const withReply = createPost(withPost, bob, { content: 'hi', replyTo: post._id }, moment);
    expect(liveEventsOf(withPost, withReply)).toEqual([
      { userId: null, event: { type: 'post', postId: withReply.posts[1]!._id, author: 'bob', replyTo: post._id } },
    ]);
  });

  it('announce a like count with who changed it, and the author alone hears their unread count', () => {
    const withPost = createPost(empty, ann, { content: 'like me' }, moment);
    const postId = withPost.posts[0]!._id;
    const liked = likePost(withPost, bob, postId, moment);
    const noticed = addNotifications(liked, likeEvents(liked, bob, postId), moment);
    expect(liveEventsOf(withPost, noticed)).toEqual([
      { userId: null, event: { type: 'likes', postId, likeCount: 1, by: 'bob', liked: true } },
      { userId: 'ann', event: { type: 'unread', unread: 1 } },
    ]);
    expect(liveEventsOf(noticed, markNotificationsRead(noticed, 'ann'))).toEqual([{ userId: 'ann', event: { type: 'unread', unread: 0 } }]);
    const unliked = unlikeOrDislike(noticed, bob, postId, moment);
    expect(liveEventsOf(noticed, unliked)).toEqual([{ userId: null, event: { type: 'likes', postId, likeCount: 0, by: 'bob', liked: false } }]);
  });

  it('announce a deleted post to everyone, with its author and the post it answered; a deleted account once, not each of its posts', () => {
    const withPost = createPost(empty, ann, { content: 'soon gone' }, moment);
    const post = withPost.posts[0]!;
    const withReply = createPost(withPost, bob, { content: 'a reply', replyTo: post._id }, moment);
    const reply = withReply.posts[1]!;
    expect(liveEventsOf(withReply, { ...withReply, posts: [post] })).toEqual([
      { userId: null, event: { type: 'gone', postId: reply._id, author: 'bob', replyTo: post._id } },
    ]);
    expect(liveEventsOf(withReply, { ...withReply, posts: [reply] })).toEqual([{ userId: null, event: { type: 'gone', postId: post._id, author: 'ann' } }]);
    // Ann's account goes, and her post with it: the account is announced, once for all its posts.
    expect(liveEventsOf(withReply, { ...withReply, users: [bob], posts: [reply] })).toEqual([
      { userId: null, event: { type: 'authorGone', authorId: 'ann', author: 'ann', deleted: true } },
    ]);
  });

  it('announce a suspension once, when it starts', () => {
    const suspended = { ...empty, users: [ann, { ...bob, suspended: true as const }] };
    expect(liveEventsOf(empty, suspended)).toEqual([{ userId: null, event: { type: 'authorGone', authorId: 'bob', author: 'bob', deleted: false } }]);
    expect(liveEventsOf(suspended, { ...suspended, users: [ann, { ...bob, suspended: true as const, bio: 'still' }] })).toEqual([]);
    expect(liveEventsOf(suspended, empty)).toEqual([]);
  });

  it('are none for a change nobody else sees', () => {
    expect(liveEventsOf(empty, { ...empty, users: [{ ...ann, bio: 'new' }, bob] })).toEqual([]);
  });
});
