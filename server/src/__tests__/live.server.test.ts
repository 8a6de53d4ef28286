// @vitest-environment node
/** Live updates: GET /api/events on one server (PGlite), as a client reads it. */
import { GUEST_CREDENTIALS, LIVE, SHOWN_POSTS_ERRORS, type ServerSentMessage } from '@chirp/contracts';
import { SPEC_ERRORS } from '@chirp/api-rules';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_ERRORS } from '../live/events-route';
import { eventOf, openLiveStream, showPosts, streamIdOfStream, type LiveStream } from './live-stream';
import { post } from './spawn-server';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let guest: { token: string; id: string };
let other: { token: string; id: string };
/** Everyone but the guest and live.watcher, with tokens signed by the server. */
let people: Array<{ token: string; id: string; username: string }>;
const streams: LiveStream[] = [];
const PER_ADDRESS = 4;
const MODERATOR = 'marcus_bell';

let addresses = 0;
/** Each stream from an address of its own (behind the trusted proxy), unless the test names one. */
const open = async (token: string, lastEventId?: string, address = `10.0.${(addresses += 1) >> 8}.${addresses % 256}`) => {
  const stream = await openLiveStream(server.url, token, lastEventId, { 'x-forwarded-for': address });
  streams.push(stream);
  return stream;
};
/** A stream, once it has said its id. */
const opened = async (token: string, lastEventId?: string) => {
  const stream = await open(token, lastEventId);
  return { stream, streamId: await streamIdOfStream(stream) };
};
const like = async (postId: string, token: string) => {
  expect((await post(server.url, `/posts/like/${postId}?view=compact`, {}, token)).status).toBe(201);
};
const likesOf = (stream: LiveStream, postId: string) =>
  stream.messages.filter(eventOf('likes', { postId })).map((message) => JSON.parse(message.data) as { likeCount: number; by: string });
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const idOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { _id: string };
const compactPost = async (token: string, content: string, replyTo?: string) => {
  const response = await fetch(`${server.url}/api/posts?view=compact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ postData: { content, ...(replyTo ? { replyTo } : {}) } }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { post: { _id: string } }).post._id;
};

beforeAll(async () => {
  server = await startTestServer({
    live: { maxStreamsPerUser: 3, maxStreamsPerAddress: PER_ADDRESS, maxStreams: 100 },
    trustProxy: 1,
    moderators: [MODERATOR],
  });
  const guestToken = (await post(server.url, '/auth/login', GUEST_CREDENTIALS)).body.encodedToken;
  const signup = await post(server.url, '/auth/signup', { username: 'live.watcher', password: 'long enough', firstName: 'Live', lastName: 'Watcher' });
  guest = { token: guestToken, id: idOf(guestToken)._id };
  other = { token: signup.body.encodedToken, id: idOf(signup.body.encodedToken)._id };
  const { users } = (await (await fetch(`${server.url}/api/users`)).json()) as { users: Array<{ _id: string; username: string }> };
  const seeded = users.filter((user) => ![GUEST_CREDENTIALS.username, 'live.watcher'].includes(user.username));
  people = await Promise.all(seeded.map(async ({ _id, username }) => ({ token: await server.signToken({ _id, username }), id: _id, username })));
}, 180_000);

afterEach(() => streams.splice(0).forEach((stream) => stream.close()));

afterAll(() => server?.stop());

describe('GET /api/events', { timeout: 20_000 }, () => {
  it('refuses a caller without a valid token, with the spec text', async () => {
    const answer = await fetch(`${server.url}/api/events`);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ errors: [SPEC_ERRORS.invalidToken] });
    const forged = await fetch(`${server.url}/api/events`, { headers: { authorization: `${guest.token}x` } });
    expect(forged.status).toBe(401);
  });

  it('refuses a token of a session that has ended (every session signed out), as every other call does', async () => {
    const signup = await post(server.url, '/auth/signup', { username: 'live.leaver', password: 'long enough', firstName: 'Live', lastName: 'Leaver' });
    const token = signup.body.encodedToken as string;
    expect((await post(server.url, '/account/sign-out-everywhere', {}, token)).status).toBe(200);
    const answer = await fetch(`${server.url}/api/events`, { headers: { authorization: token } });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ errors: [SPEC_ERRORS.invalidToken] });
    expect((await showPosts(server.url, token, 'any-stream', { postIds: [] })).status).toBe(401);
  });

  it('streams as text/event-stream, starting with where the client is', async () => {
    const stream = await open(guest.token);
    expect(stream.status).toBe(200);
    const ready = await stream.next((message) => message.event === 'ready');
    expect(ready.id).toMatch(/^\d+$/);
  });

  it('tells everyone of a new post and a reply, with its author', async () => {
    const stream = await open(guest.token);
    await stream.next((message) => message.event === 'ready');
    const postId = await compactPost(other.token, 'live: a new post');
    const announced = await stream.next(eventOf('post', { postId }));
    expect(JSON.parse(announced.data)).toEqual({ postId, author: 'live.watcher' });
    expect(announced.id).toMatch(/^\d+$/);
    const replyId = await compactPost(other.token, 'live: a reply', postId);
    expect(JSON.parse((await stream.next(eventOf('post', { postId: replyId }))).data)).toMatchObject({ replyTo: postId });
  });

  it('tells everyone of a deleted post and a deleted reply, with its author and the post it answered', async () => {
    const stream = await open(guest.token);
    await stream.next((message) => message.event === 'ready');
    const postId = await compactPost(other.token, 'live: soon deleted');
    const replyId = await compactPost(other.token, 'live: a reply, soon deleted', postId);
    const remove = (id: string) => fetch(`${server.url}/api/posts/${id}`, { method: 'DELETE', headers: { authorization: other.token } });
    expect((await remove(replyId)).status).toBe(201);
    expect(JSON.parse((await stream.next(eventOf('gone', { postId: replyId }))).data)).toEqual({ postId: replyId, author: 'live.watcher', replyTo: postId });
    expect((await remove(postId)).status).toBe(201);
    expect(JSON.parse((await stream.next(eventOf('gone', { postId }))).data)).toEqual({ postId, author: 'live.watcher' });
  });

  it('tells everyone once that a suspended or deleted account’s posts are gone, with no event id to come back from', async () => {
    const stream = await open(guest.token);
    await stream.next((message) => message.event === 'ready');
    const signUp = async (name: string) => {
      const username = `${name}${Math.random().toString(36).slice(2, 8)}`;
      const answer = await post(server.url, '/auth/signup', { username, password: 'long enough', firstName: 'Soon', lastName: 'Gone' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return { token: answer.body.encodedToken as string, id: idOf(answer.body.encodedToken as string)._id, username };
    };
    const suspended = await signUp('live.suspended');
    await compactPost(suspended.token, 'live: by someone soon suspended');
    const moderator = await server.signToken({ _id: people.find((person) => person.username === MODERATOR)!.id, username: MODERATOR });
    for (let time = 0; time < 2; time += 1) {
      expect((await post(server.url, `/moderation/users/${suspended.id}/suspend`, {}, moderator)).status).toBe(200);
    }
    const heard = await stream.next(eventOf('authorGone', { authorId: suspended.id }));
    expect(JSON.parse(heard.data)).toEqual({ authorId: suspended.id, author: suspended.username, deleted: false });
    expect(heard.id).toBeUndefined();
    // A client that comes back from its last event is neither told to read everything again nor told this again.
    const lastId = stream.messages.findLast((message) => message.id !== undefined)!.id!;
    const back = await open(guest.token, lastId);
    await compactPost(other.token, 'live: after the suspension');
    await back.next(eventOf('post', { author: 'live.watcher' }));
    expect(back.messages.filter((message) => ['resync', 'authorGone'].includes(message.event))).toEqual([]);

    const leaver = await signUp('live.leaver');
    await compactPost(leaver.token, 'live: by someone about to leave');
    expect((await post(server.url, '/account/delete', { password: 'long enough' }, leaver.token)).status).toBe(200);
    expect(JSON.parse((await stream.next(eventOf('authorGone', { authorId: leaver.id }))).data)).toEqual({ authorId: leaver.id, author: leaver.username, deleted: true });
    // Suspended twice, announced once.
    expect(stream.messages.filter(eventOf('authorGone', { authorId: suspended.id }))).toHaveLength(1);
  });

  it('tells the author alone their unread count when their post is reposted, and again when it is quoted', async () => {
    const guestStream = await open(guest.token);
    const otherStream = await open(other.token);
    await Promise.all([guestStream, otherStream].map((stream) => stream.next((message) => message.event === 'ready')));
    const postId = await compactPost(guest.token, 'live: repost this');
    expect((await post(server.url, `/posts/${postId}/repost?view=compact`, {}, other.token)).status).toBe(200);
    const { unread } = JSON.parse((await guestStream.next(eventOf('unread'))).data) as { unread: number };
    expect(unread).toBeGreaterThanOrEqual(1);
    const quote = await fetch(`${server.url}/api/posts?view=compact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: other.token },
      body: JSON.stringify({ postData: { content: 'live: a quote', quoteOf: postId } }),
    });
    expect(quote.status).toBe(201);
    await guestStream.next(eventOf('unread', { unread: unread + 1 }));
    expect(otherStream.messages.some((message) => message.event === 'unread')).toBe(false);
  });

  it('tells a like count, who changed it, and the author alone their unread count', async () => {
    const guestStream = await open(guest.token);
    const otherStream = await open(other.token);
    await Promise.all([guestStream, otherStream].map((stream) => stream.next((message) => message.event === 'ready')));
    const postId = await compactPost(guest.token, 'live: like this');
    expect((await post(server.url, `/posts/like/${postId}?view=compact`, {}, other.token)).status).toBe(201);
    const likes = await otherStream.next(eventOf('likes', { postId }));
    expect(JSON.parse(likes.data)).toEqual({ postId, likeCount: 1, by: other.id, liked: true });
    const unread = JSON.parse((await guestStream.next(eventOf('unread'))).data) as { unread: number };
    expect(unread.unread).toBeGreaterThanOrEqual(1);
    // Reading them: the count goes to 0 on the author's stream.
    expect((await post(server.url, '/notifications/read', {}, guest.token)).status).toBe(200);
    await guestStream.next(eventOf('unread', { unread: 0 }));
    expect(otherStream.messages.some((message) => message.event === 'unread')).toBe(false);
    // A refused change tells nothing: liking it again is refused.
    const before = otherStream.messages.length;
    expect((await post(server.url, `/posts/like/${postId}?view=compact`, {}, other.token)).status).toBe(400);
    await compactPost(other.token, 'live: a marker after the refusal');
    await otherStream.next(eventOf('post'), { from: before });
    expect(otherStream.messages.slice(before).filter((message) => message.event === 'likes')).toEqual([]);
  });

  it('gives a client that comes back what it missed, first; one it cannot catch up is told to resync', async () => {
    const first = await open(guest.token);
    const ready = await first.next((message) => message.event === 'ready');
    first.close();
    const missed = await compactPost(other.token, 'live: posted while away');
    const back = await open(guest.token, ready.id);
    const caught = await back.next(eventOf('post', { postId: missed }));
    expect(Number(caught.id)).toBeGreaterThan(Number(ready.id));
    expect(back.messages.some((message) => message.event === 'ready')).toBe(false);

    const lost = await open(guest.token, '999999999');
    expect((await lost.next((message) => message.event === 'resync')).id).toMatch(/^\d+$/);
    const garbage = await open(guest.token, 'not-a-number');
    await garbage.next((message) => message.event === 'resync');
  });

  it('limits the streams one person holds open', async () => {
    const held = await Promise.all([open(other.token), open(other.token), open(other.token)]);
    await Promise.all(held.map((stream) => stream.next((message) => message.event === 'ready')));
    const refused = await fetch(`${server.url}/api/events`, { headers: { authorization: other.token } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ errors: [LIVE_ERRORS.tooManyStreams] });
    held[0]!.close();
    await expect.poll(async () => {
      const again = await open(other.token);
      return again.status;
    }).toBe(200);
  });

  it('limits the streams one client address holds open, whoever is signed in; an IPv6 /64 is one address', async () => {
    const [a, b, c, d, e, f] = people;
    const fromAddress = (person: { token: string }, address: string) => open(person.token, undefined, address);
    const refusedFrom = async (person: { token: string }, address: string) => {
      const refused = await fetch(`${server.url}/api/events`, { headers: { authorization: person.token, 'x-forwarded-for': address } });
      return { status: refused.status, retryAfter: refused.headers.get('retry-after'), body: await refused.json() };
    };
    const tooMany = { status: 429, retryAfter: expect.stringMatching(/^\d+$/), body: { errors: [LIVE_ERRORS.tooManyFromAddress] } };

    const held = [a, a, b, b].map((person) => fromAddress(person!, '203.0.113.7'));
    expect((await Promise.all(held)).map((stream) => stream.status)).toEqual([200, 200, 200, 200]);
    expect(await refusedFrom(c!, '203.0.113.7')).toEqual(tooMany);
    expect((await fromAddress(c!, '203.0.113.8')).status).toBe(200);

    const sameNetwork = ['2001:db8:1:2::a', '2001:db8:1:2::b', '2001:db8:1:2:0:0:0:c', '2001:db8:1:2::d'];
    expect((await Promise.all(sameNetwork.map((address, index) => fromAddress([d, d, e, e][index]!, address)))).map((stream) => stream.status)).toEqual([
      200, 200, 200, 200,
    ]);
    expect(await refusedFrom(f!, '2001:db8:1:2::e')).toEqual(tooMany);
    expect((await fromAddress(f!, '2001:db8:1:3::1')).status).toBe(200);

    (await held[0]!).close();
    await expect.poll(async () => (await fromAddress(c!, '203.0.113.7')).status).toBe(200);
  });

  it('ends open streams when the server closes, so it stops at once', { timeout: 90_000 }, async () => {
    const own = await startTestServer();
    try {
      const token = (await post(own.url, '/auth/login', GUEST_CREDENTIALS)).body.encodedToken;
      const stream = await openLiveStream(own.url, token);
      await stream.next((message) => message.event === 'ready');
      const started = Date.now();
      await own.close();
      await stream.ended;
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await own.stop();
    }
  });
});

describe('like counts, only to the streams whose page shows the post', { timeout: 30_000 }, () => {
  it('reach the streams that named the post, and every stream of the person who liked it; no other', async () => {
    const [liker, watcher, elsewhere, silent] = people;
    const [liked, another] = [await compactPost(guest.token, 'live: a post on one page'), await compactPost(guest.token, 'live: a post on another')];
    const likerStreams = await Promise.all([opened(liker!.token), opened(liker!.token)]);
    const watching = await opened(watcher!.token);
    const showingAnother = await opened(elsewhere!.token);
    // This one never names its posts.
    const naming = await opened(silent!.token);
    expect(await showPosts(server.url, watcher!.token, watching.streamId, { postIds: [liked, another] })).toEqual({ status: 204, body: null });
    expect((await showPosts(server.url, elsewhere!.token, showingAnother.streamId, { postIds: [another] })).status).toBe(204);

    await like(liked, liker!.token);
    const heard = await watching.stream.next(eventOf('likes', { postId: liked }));
    expect(JSON.parse(heard.data)).toEqual({ postId: liked, likeCount: 1, by: liker!.id, liked: true });
    for (const { stream } of likerStreams) await stream.next(eventOf('likes', { postId: liked, by: liker!.id }));

    // Everyone hears a new post: by then the others would have had the like.
    const marker = await compactPost(guest.token, 'live: after the like');
    for (const { stream } of [showingAnother, naming]) {
      await stream.next(eventOf('post', { postId: marker }));
      expect(stream.messages.filter((message) => message.event === 'likes')).toEqual([]);
    }
  });

  it('sends one count of a post a second at most to a stream that shows it, the latest; the likers hear their own at once', async () => {
    const [watcher, ...likers] = people;
    const liked = await compactPost(guest.token, 'live: liked by many at once');
    const watching = await opened(watcher!.token);
    const likerStream = await opened(likers[0]!.token);
    await showPosts(server.url, watcher!.token, watching.streamId, { postIds: [liked] });

    const started = performance.now();
    await Promise.all(likers.map((person) => like(liked, person.token)));
    const likingMs = performance.now() - started;
    await watching.stream.next(eventOf('likes', { postId: liked, likeCount: likers.length }), { timeoutMs: 5000 });
    await settle(LIVE.likesEveryMs + 200);
    const heard = likesOf(watching.stream, liked);
    expect(heard.length).toBeLessThanOrEqual(Math.min(likers.length - 1, Math.ceil(likingMs / LIVE.likesEveryMs) + 1));
    expect(heard.at(-1)!.likeCount).toBe(likers.length);
    expect(likesOf(likerStream.stream, liked).map((event) => event.by)).toEqual([likers[0]!.id]);
  });

  it('gives a stream that comes back the counts it missed, once its page names their posts', async () => {
    const [liker, watcher] = people;
    const liked = await compactPost(guest.token, 'live: liked while away');
    const first = await open(watcher!.token);
    const ready = await first.next((message) => message.event === 'ready');
    first.close();
    await like(liked, liker!.token);

    const back = await opened(watcher!.token, ready.id);
    const marker = await compactPost(guest.token, 'live: after the catch-up');
    await back.stream.next(eventOf('post', { postId: marker }));
    expect(back.stream.messages.some((message: ServerSentMessage) => message.event === 'likes')).toBe(false);
    await showPosts(server.url, watcher!.token, back.streamId, { postIds: [liked] });
    expect(JSON.parse((await back.stream.next(eventOf('likes', { postId: liked }))).data)).toMatchObject({ likeCount: 1, by: liker!.id });
  });

  it('hears of what it missed only the counts of the posts its page names, however soon it names them', async () => {
    const [liker, watcher] = people;
    const [named, notNamed] = [await compactPost(guest.token, 'live: named while away'), await compactPost(guest.token, 'live: not named')];
    const first = await open(watcher!.token);
    const ready = await first.next((message) => message.event === 'ready');
    first.close();
    await like(named, liker!.token);
    await like(notNamed, liker!.token);

    const back = await opened(watcher!.token, ready.id);
    await showPosts(server.url, watcher!.token, back.streamId, { postIds: [named] });
    await back.stream.next(eventOf('likes', { postId: named }));
    const marker = await compactPost(guest.token, 'live: after the named count');
    await back.stream.next(eventOf('post', { postId: marker }));
    expect(likesOf(back.stream, notNamed)).toEqual([]);
  });

  it('gives a stream the count of a post liked just before its page named it (the page names what it shows a moment later)', async () => {
    const [liker, watcher] = people;
    const [liked, unliked] = [await compactPost(guest.token, 'live: liked before it was named'), await compactPost(guest.token, 'live: named, never liked')];
    const watching = await opened(watcher!.token);
    const likerStream = await opened(liker!.token);
    await showPosts(server.url, watcher!.token, watching.streamId, { postIds: [] });
    await like(liked, liker!.token);
    // The like has reached the hub once its liker hears it.
    await likerStream.stream.next(eventOf('likes', { postId: liked }));
    expect(likesOf(watching.stream, liked)).toEqual([]);

    await showPosts(server.url, watcher!.token, watching.streamId, { postIds: [liked, unliked] });
    expect(JSON.parse((await watching.stream.next(eventOf('likes', { postId: liked }))).data)).toMatchObject({ likeCount: 1, by: liker!.id });
    // Named again, it is not given twice; and the liker's own streams name it without hearing it again.
    await showPosts(server.url, watcher!.token, watching.streamId, { postIds: [liked, unliked] });
    await showPosts(server.url, liker!.token, likerStream.streamId, { postIds: [liked] });
    const marker = await compactPost(guest.token, 'live: after the named recent count');
    for (const { stream } of [watching, likerStream]) await stream.next(eventOf('post', { postId: marker }));
    expect(likesOf(watching.stream, liked)).toHaveLength(1);
    expect(likesOf(watching.stream, unliked)).toEqual([]);
    expect(likesOf(likerStream.stream, liked)).toHaveLength(1);
  });

  it('is told which posts only by the person whose stream it is', async () => {
    const [owner, stranger] = people;
    const { streamId } = await opened(owner!.token);
    expect(await showPosts(server.url, stranger!.token, streamId, { postIds: [] })).toEqual({
      status: 404,
      body: { errors: [SHOWN_POSTS_ERRORS.unknownStream] },
    });
    expect((await showPosts(server.url, owner!.token, streamId, { postIds: [] })).status).toBe(204);
  });
});
