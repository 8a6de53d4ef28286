// @vitest-environment node
/**
 * Only with DATABASE_URL (see vitest.config.ts): a page's call naming its posts may reach another
 * instance than the one holding its stream (a load balancer without stickiness); that instance tells
 * the stream's own through the database, and refuses another person's stream by itself.
 */
import { randomBytes } from 'node:crypto';
import { GUEST_CREDENTIALS, SHOWN_POSTS_ERRORS } from '@chirp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOf, openLiveStream, showPosts, streamIdOfStream, type LiveStream } from './live-stream';
import { post } from './spawn-server';
import { freshSchemaName, startTestServer, type TestServer } from './test-server';

let a: TestServer;
let b: TestServer;
const streams: LiveStream[] = [];

beforeAll(async () => {
  const shared = { databaseUrl: process.env.DATABASE_URL!, databaseSchema: freshSchemaName(), jwtSecret: randomBytes(32).toString('hex') };
  a = await startTestServer(shared);
  b = await startTestServer(shared);
}, 180_000);

afterAll(async () => {
  streams.forEach((stream) => stream.close());
  await b?.stop();
  await a?.stop();
});

const tokenOf = async (username: string) => {
  const { users } = (await (await fetch(`${a.url}/api/users`)).json()) as { users: Array<{ _id: string; username: string }> };
  const { _id } = users.find((user) => user.username === username)!;
  return { token: await a.signToken({ _id, username }), id: _id };
};

describe('naming the posts of a stream held by another instance', { timeout: 30_000 }, () => {
  it('reaches the stream through the database, and a like of a post it names then reaches it', async () => {
    const [watcher, liker, stranger] = await Promise.all(['priya.nair', 'marcus_bell', 'sofia.alvarez'].map(tokenOf));
    const guest = (await post(a.url, '/auth/login', GUEST_CREDENTIALS)).body.encodedToken;
    const created = await post(b.url, '/posts?view=compact', { postData: { content: 'across instances' } }, guest);
    const postId = (created.body as unknown as { post: { _id: string } }).post._id;

    const stream = await openLiveStream(a.url, watcher!.token);
    streams.push(stream);
    const streamId = await streamIdOfStream(stream);
    expect(await showPosts(b.url, stranger!.token, streamId, { postIds: [postId] })).toEqual({
      status: 404,
      body: { errors: [SHOWN_POSTS_ERRORS.unknownStream] },
    });
    expect((await showPosts(b.url, watcher!.token, streamId, { postIds: [postId] })).status).toBe(204);

    // Until its page has named posts, the stream on a keeps other people's counts back (for up to
    // 10 s): this one arriving at once shows that the call made through b has reached a.
    expect((await post(b.url, `/posts/like/${postId}?view=compact`, {}, liker!.token)).status).toBe(201);
    expect(JSON.parse((await stream.next(eventOf('likes', { postId }))).data)).toMatchObject({ likeCount: 1, by: liker!.id });
  });
});
