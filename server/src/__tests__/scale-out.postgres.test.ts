// @vitest-environment node
/**
 * Only with DATABASE_URL (see vitest.config.ts): two server processes on one PostgreSQL behave as
 * one — the server keeps no state of its own — and a SIGKILLed one loses no acknowledged write.
 */
import { rmSync } from 'node:fs';
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import type { Post } from '@chirp/contracts';
import { SEED_PASSWORD, SPEC_ERRORS } from '@chirp/api-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, postIdsOn, spawnServer, streamPostsUntilKilled, type ServerProcess } from './spawn-server';
import { dropSchema, freshSchemaName, newTempDir } from './test-server';
import { eventOf, openLiveStream } from './live-stream';

const DATABASE_URL = process.env.DATABASE_URL!;
const schema = freshSchemaName();
const dataDirs = [newTempDir('chirp-a-'), newTempDir('chirp-b-'), newTempDir('chirp-c-'), newTempDir('chirp-d-'), newTempDir('chirp-e-')];
const running: ServerProcess[] = [];
const JWT_SECRET = 'one-secret-for-every-instance-0123456789abcdef';
let a: ServerProcess;
let b: ServerProcess;

const instance = async (dataDir: string) => {
  const server = await spawnServer({ DATABASE_URL, DATABASE_SCHEMA: schema, DATA_DIR: dataDir, JWT_SECRET });
  running.push(server);
  return server;
};

beforeAll(async () => {
  a = await instance(dataDirs[0]!);
  b = await instance(dataDirs[1]!);
}, 400_000);

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop('SIGKILL')));
  await dropSchema(DATABASE_URL, schema);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const login = async (url: string, username: string, password: string) =>
  (await post(url, '/auth/login', { username, password })).body.encodedToken;
const getPosts = async (url: string): Promise<Post[]> => ((await (await fetch(`${url}/api/posts`)).json()) as { posts: Post[] }).posts;

describe('two server instances on one PostgreSQL', () => {
  it('a like through one is seen through the other', { timeout: 30_000 }, async () => {
    const token = await login(a.url, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const target = (await getPosts(b.url)).find((entry) => !entry.likes.likedBy.some((liker) => liker.username === GUEST_CREDENTIALS.username))!;
    expect((await post(a.url, `/posts/like/${target._id}`, {}, token)).status).toBe(201);
    const seen = (await getPosts(b.url)).find((entry) => entry._id === target._id)!;
    expect(seen.likes.likeCount).toBe(target.likes.likeCount + 1);
    expect(seen.likes.likedBy.map((liker) => liker.username)).toContain(GUEST_CREDENTIALS.username);
    // …and a second like of the same post through the other instance is refused.
    expect((await post(b.url, `/posts/like/${target._id}`, {}, token)).body).toEqual({ errors: [SPEC_ERRORS.alreadyLiked] });
  });

  it('counts every one of simultaneous likes of one post sent through both', { timeout: 60_000 }, async () => {
    const users = ((await (await fetch(`${a.url}/api/users`)).json()) as { users: Array<{ username: string }> }).users;
    const tokens = await Promise.all(
      users.map(({ username }) =>
        login(a.url, username, username === GUEST_CREDENTIALS.username ? GUEST_CREDENTIALS.password : SEED_PASSWORD),
      ),
    );
    const target = (await getPosts(a.url)).find((entry) => entry.likes.likedBy.length === 0 && entry.likes.dislikedBy.length === 0)!;
    const answers = await Promise.all(
      tokens.map((token, index) => post(index % 2 ? a.url : b.url, `/posts/like/${target._id}`, {}, token)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(tokens.map(() => 201));
    const after = (await getPosts(b.url)).find((entry) => entry._id === target._id)!;
    expect(after.likes.likeCount).toBe(target.likes.likeCount + tokens.length);
    expect(after.likes.likedBy).toHaveLength(tokens.length);
  });

  it('lets only one of two simultaneous sign-ups of one username through', { timeout: 30_000 }, async () => {
    const person = { username: 'twin.name', password: 'long enough', firstName: 'Twin', lastName: 'Name' };
    const answers = await Promise.all([post(a.url, '/auth/signup', person), post(b.url, '/auth/signup', { ...person, username: 'Twin.Name' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    expect(answers.find((answer) => answer.status === 422)!.body).toEqual({ errors: [SPEC_ERRORS.usernameTaken] });
  });

  it('keeps every post an instance acknowledged before it was SIGKILLed', { timeout: 400_000 }, async () => {
    const doomed = await instance(dataDirs[2]!);
    const token = await login(doomed.url, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const acknowledged = await streamPostsUntilKilled(doomed, token, 40);
    expect(doomed.child.signalCode).toBe('SIGKILL');
    const ids = await postIdsOn(a.url);
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
  });
});

describe('live updates across instances', () => {
  const newPost = async (url: string, token: string, content: string) =>
    (await post(url, '/posts?view=compact', { postData: { content } }, token)) as unknown as { status: number; body: { post: { _id: string } } };

  it('a post made through one instance reaches a client of the other, and one that comes back misses nothing', { timeout: 120_000 }, async () => {
    const watcherHost = await instance(dataDirs[3]!);
    const token = await login(a.url, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const stream = await openLiveStream(watcherHost.url, token);
    const ready = await stream.next((message) => message.event === 'ready');
    const sent = Date.now();
    const made = await newPost(a.url, token, 'live across instances');
    expect(made.status).toBe(201);
    const heard = await stream.next(eventOf('post', { postId: made.body.post._id }), { timeoutMs: 2000 });
    expect(Date.now() - sent).toBeLessThan(2000);

    // The instance the client is connected to dies; posts go on through the other.
    await watcherHost.stop('SIGKILL');
    await stream.ended;
    const missed = [];
    for (let index = 0; index < 3; index += 1) missed.push((await newPost(a.url, token, `while away ${index}`)).body.post._id);
    // The client comes back through another instance with the last id it had.
    const replacement = await instance(dataDirs[4]!);
    const back = await openLiveStream(replacement.url, token, heard.id ?? ready.id);
    for (const postId of missed) await back.next(eventOf('post', { postId }));
    back.close();
    stream.close();
  });
});
