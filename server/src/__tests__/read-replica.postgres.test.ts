// @vitest-environment node
/**
 * Only with DATABASE_URL (vitest.config.ts): list reads from a read replica, and a caller's reads after
 * its own change from the primary while the replica is behind (read-your-writes). The "replica" is a second
 * schema of the same database, holding other data than the primary's, so each answer shows where it was
 * read; its replayed position is the test's to set (the one seam: a real streaming replica is the
 * local cluster's test). The routing, the positions the primary answers and the reads are the server's own.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { GUEST_CREDENTIALS, walPosition } from '@chirp/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { migrate } from '../db/migrate';
import { openReadReplica, type ReadReplica } from '../db/read-replica';
import type { Sql } from '../db/sql';
import { seedIfEmpty } from '../seeds';
import { openDatabase, startServer } from '../server';
import { dropSchema, freshSchemaName, newTempDir, startTestServer, testConfig } from './test-server';

const DATABASE_URL = process.env.DATABASE_URL!;
const primarySchema = freshSchemaName();
const replicaSchema = freshSchemaName();
const dataDir = newTempDir();
const ONLY_ON_REPLICA = 'A post only the replica holds';

let primary: Sql;
let replica: ReadReplica;
let app: FastifyInstance;
let url: string;
/** What the "replica" says it has replayed. */
let replayed: string | null = null;

const json = async <T>(answer: Response) => (await answer.json()) as T;

async function call(path: string, init: { method?: string; token?: string; body?: unknown; readAfter?: string } = {}) {
  return fetch(`${url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: init.token } : {}),
      ...(init.readAfter ? { 'chirp-read-after': init.readAfter } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const logIn = async () =>
  (await json<{ encodedToken: string }>(await call('/auth/login?view=compact', { method: 'POST', body: GUEST_CREDENTIALS }))).encodedToken;
const feed = async (readAfter?: string) =>
  (await json<{ posts: { content: string }[] }>(await call('/posts?view=compact&limit=50', { readAfter }))).posts.map((post) => post.content);
/** Waits for the server to have heard the replica's position (it asks every 10 ms here). */
const nextPolls = () => new Promise((resolve) => setTimeout(resolve, 100));

beforeAll(async () => {
  // The replica's data: the seeds (other ids) and one post more, made through a server of its own.
  const onReplica = await startTestServer({ databaseUrl: DATABASE_URL, databaseSchema: replicaSchema });
  const token = await onReplica.signToken(await guestClaims(onReplica.sql));
  const made = await fetch(`${onReplica.url}/api/posts?view=compact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ postData: { content: ONLY_ON_REPLICA } }),
  });
  expect(made.status).toBe(201);
  await onReplica.close();
  rmSync(onReplica.config.dataDir, { recursive: true, force: true });

  primary = await openDatabase({ databaseUrl: DATABASE_URL, databaseSchema: primarySchema, dataDir });
  await migrate(primary);
  await seedIfEmpty(primary);
  replica = await openReadReplica(primary, {
    connectionString: DATABASE_URL,
    schema: replicaSchema,
    pollMs: 10,
    replayedPosition: async () => replayed,
  });
  app = await buildApp({ ...testConfig({ dataDir }), sql: primary, replica });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);

afterAll(async () => {
  await app?.close();
  await replica?.close();
  await primary?.close();
  await dropSchema(DATABASE_URL, primarySchema);
  await dropSchema(DATABASE_URL, replicaSchema);
  rmSync(dataDir, { recursive: true, force: true });
});

async function guestClaims(sql: Sql) {
  const { rows } = await sql.query<{ id: string }>('SELECT id::text FROM users WHERE username = $1', [GUEST_CREDENTIALS.username]);
  return { _id: rows[0]!.id, username: GUEST_CREDENTIALS.username };
}

describe('a server with a read replica', { timeout: 30_000 }, () => {
  it('reads the lists from the replica, and single posts and profiles from the primary', async () => {
    replayed = '0/0';
    await nextPolls();
    expect(await feed()).toContain(ONLY_ON_REPLICA);
    const search = await json<{ posts: { content: string }[] }>(await call('/search/posts?view=compact&q=replica'));
    expect(search.posts.map((post) => post.content)).toEqual([ONLY_ON_REPLICA]);
    const guest = await json<{ users: { username: string; _id: string }[] }>(await call('/search/users?view=compact&q=guest'));
    const onReplica = guest.users.find((user) => user.username === GUEST_CREDENTIALS.username)!;
    const onPrimary = await guestClaims(primary);
    // The same person has another id in each: the profile is read from the primary.
    expect(onReplica._id).not.toBe(onPrimary._id);
    expect((await call(`/users/${onPrimary._id}?view=compact`)).status).toBe(200);
    expect((await call(`/users/${onReplica._id}?view=compact`)).status).toBe(404);
  });

  it('answers each change with the primary’s WAL position after its commit, and no read with one', async () => {
    const token = await logIn();
    const { rows } = await primary.query<{ position: string }>('SELECT pg_current_wal_insert_lsn()::text AS position');
    const before = walPosition(rows[0]!.position)!;
    const created = await call('/posts?view=compact', { method: 'POST', token, body: { postData: { content: 'after the position' } } });
    expect(created.status).toBe(201);
    const written = walPosition(created.headers.get('chirp-written-lsn'));
    expect(written).not.toBeNull();
    expect(written!).toBeGreaterThan(before);
    expect((await call('/posts?view=compact')).headers.get('chirp-written-lsn')).toBeNull();
    // A refused change committed nothing: no position.
    const refused = await call('/posts/like/00000000-0000-0000-0000-000000000000?view=compact', { method: 'POST', token });
    expect(refused.status).toBe(404);
    expect(refused.headers.get('chirp-written-lsn')).toBeNull();
  });

  it('reads a caller’s lists from the primary after its change until the replica has replayed it', async () => {
    replayed = '0/1';
    await nextPolls();
    const token = await logIn();
    const created = await call('/posts?view=compact', { method: 'POST', token, body: { postData: { content: 'my own post' } } });
    const written = created.headers.get('chirp-written-lsn')!;

    // The replica is behind: this caller's read goes to the primary, which holds the post…
    const mine = await feed(written);
    expect(mine).toContain('my own post');
    expect(mine).not.toContain(ONLY_ON_REPLICA);
    // …while reads that name no position still go to the replica.
    expect(await feed()).toContain(ONLY_ON_REPLICA);

    // Once the replica has replayed that far, the same read goes to it.
    replayed = written;
    await nextPolls();
    const caughtUp = await feed(written);
    expect(caughtUp).toContain(ONLY_ON_REPLICA);
    expect(caughtUp).not.toContain('my own post');
  });

  it('reads the lists of a caller naming a position the primary has not reached from the replica, once it has replayed what the primary wrote', async () => {
    const { rows } = await primary.query<{ position: string }>('SELECT pg_current_wal_insert_lsn()::text AS position');
    // Past all the primary has written, with room for what other tests on this PostgreSQL write meanwhile.
    replayed = `${(parseInt(rows[0]!.position.split('/')[0]!, 16) + 1).toString(16)}/0`;
    await nextPolls();
    expect(await feed('FFFFFFFF/FFFFFFFF')).toContain(ONLY_ON_REPLICA);
  });
});

describe('a replica that does not answer', { timeout: 30_000 }, () => {
  const DEAD = 'postgres://chirp:chirp@127.0.0.1:1/chirp_test';
  const replicaNotes = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.filter(([text]) => String(text).includes('read replica'));

  async function readsThrough(unreachable: ReadReplica) {
    const alone = await buildApp({ ...testConfig({ dataDir }), sql: primary, replica: unreachable });
    try {
      for (let read = 0; read < 3; read += 1) {
        const answer = await alone.inject({ method: 'GET', url: '/api/posts?view=compact&limit=50' });
        expect(answer.statusCode).toBe(200);
        expect((answer.json() as { posts: { content: string }[] }).posts.map((post) => post.content)).not.toContain(ONLY_ON_REPLICA);
      }
    } finally {
      await alone.close();
      await unreachable.close();
    }
  }

  it('sends the list reads to the primary, and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await readsThrough(await openReadReplica(primary, { connectionString: DEAD, pollMs: 10 }));
    expect(replicaNotes(warn)).toHaveLength(1);
  });

  it('asks the primary for a read the replica fails, and leaves the replica alone for a while', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Its position still comes (the seam), but its connection refuses: the first read fails over.
    await readsThrough(await openReadReplica(primary, { connectionString: DEAD, pollMs: 10, replayedPosition: async () => '0/0' }));
    expect(replicaNotes(warn)).toHaveLength(1);
    expect(String(replicaNotes(warn)[0]![0])).toContain('ECONNREFUSED');
  });
});

describe('a server started with DATABASE_READ_URL', { timeout: 60_000 }, () => {
  it('answers its changes with the WAL position, readable by the shell', async () => {
    const config = testConfig({ databaseUrl: DATABASE_URL, databaseSchema: freshSchemaName(), seedDemo: false, databaseReadUrl: DATABASE_URL });
    const server = await startServer(config);
    try {
      const signup = await fetch(`${server.url}/api/auth/signup?view=compact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
        body: JSON.stringify({ username: `reader${randomBytes(3).toString('hex')}`, password: 'long enough', firstName: 'R', lastName: 'R' }),
      });
      expect(signup.status).toBe(201);
      expect(walPosition(signup.headers.get('chirp-written-lsn'))).not.toBeNull();
      expect(signup.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('chirp-written-lsn');
    } finally {
      await server.close();
      await dropSchema(DATABASE_URL, config.databaseSchema!);
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});
