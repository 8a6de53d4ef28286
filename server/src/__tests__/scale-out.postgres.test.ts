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

const DATABASE_URL = process.env.DATABASE_URL!;
const schema = freshSchemaName();
const dataDirs = [newTempDir('chirp-a-'), newTempDir('chirp-b-'), newTempDir('chirp-c-')];
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
    expect((await post(a.url, `/posts/like/${target._id}`, {}, token)).status).toBe(200);
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
    expect(answers.map((answer) => answer.status)).toEqual(tokens.map(() => 200));
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
