// @vitest-environment node
/**
 * The read replica without a PostgreSQL: where a read goes, the settings, CORS, and no
 * position answered where there is no replica. On PostgreSQL: read-replica.postgres.test.ts.
 */
import { API_ROUTES } from '@chirp/api-rules';
import { GUEST_CREDENTIALS, walPosition } from '@chirp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_FROM } from '../api/read-routing';
import { configFromEnv } from '../config';
import { openReadReplica, readTarget, type ReplicaState } from '../db/read-replica';
import type { Sql } from '../db/sql';
import { newTempDir, startTestServer, type TestServer } from './test-server';

describe('where a list read goes', () => {
  const now = 1_000_000;
  const replica = (replayed: string | null, answeredMsAgo: number | null = 10, failedMsAgo: number | null = null): ReplicaState => ({
    replayed: walPosition(replayed),
    answeredAt: answeredMsAgo === null ? null : now - answeredMsAgo,
    failedAt: failedMsAgo === null ? null : now - failedMsAgo,
  });

  it('to the replica without a position, or once the replica has replayed the position asked for', () => {
    expect(readTarget(replica('5/100'), undefined, now)).toBe('replica');
    expect(readTarget(replica('5/100'), '5/100', now)).toBe('replica');
    expect(readTarget(replica('5/100'), '4/FFFFFFFF', now)).toBe('replica');
    expect(readTarget(replica('5/100'), '5/FF', now)).toBe('replica');
  });

  it('to the primary while the replica has not replayed the caller’s last change (compared as 64-bit numbers, not as text)', () => {
    expect(readTarget(replica('5/100'), '5/101', now)).toBe('primary');
    expect(readTarget(replica('0/FFFFFFFF'), '1/0', now)).toBe('primary');
    expect(readTarget(replica('5/9'), '5/10', now)).toBe('primary');
    // A replica that has answered no position yet (a standby that has replayed nothing).
    expect(readTarget(replica(null), '0/1', now)).toBe('primary');
  });

  it('to the primary when the replica does not answer, has not for a second, or failed within one', () => {
    expect(readTarget(replica('5/100', null), undefined, now)).toBe('primary');
    expect(readTarget(replica('5/100', 1500), undefined, now)).toBe('primary');
    expect(readTarget(replica('5/100', 900), undefined, now)).toBe('replica');
    expect(readTarget(replica('5/100', 10, 500), undefined, now)).toBe('primary');
    expect(readTarget(replica('5/100', 10, 1500), undefined, now)).toBe('replica');
  });

  it('takes a Chirp-Read-After that is not a position as none', () => {
    expect(readTarget(replica('5/100'), 'latest', now)).toBe('replica');
    expect(readTarget(replica('5/100'), '', now)).toBe('replica');
  });

  it('takes a Chirp-Read-After past the primary’s position as the primary’s position', () => {
    expect(readTarget(replica('5/100'), 'FFFFFFFF/FFFFFFFF', now, walPosition('5/100'))).toBe('replica');
    expect(readTarget(replica('5/100'), 'FFFFFFFF/FFFFFFFF', now, walPosition('5/101'))).toBe('primary');
    // One the primary has reached stands as asked.
    expect(readTarget(replica('5/100'), '5/101', now, walPosition('6/0'))).toBe('primary');
  });

  it('places every read of the route table: the lists on the replica, single posts and profiles on the primary', () => {
    const reads = Object.entries(API_ROUTES).filter(([, route]) => route.method === 'GET').map(([name]) => name);
    expect(Object.keys(READ_FROM).sort()).toEqual(reads.sort());
    const onPrimary = Object.entries(READ_FROM).filter(([, where]) => where === 'primary').map(([name]) => name);
    // And one's own settings, lists of people muted or blocked and muted words, read right after changing them.
    // And what moderators act on, as it is now, and one's own data to download.
    expect(onPrimary.sort()).toEqual(['account', 'blockedPeople', 'exportAccount', 'moderationLog', 'mutedPeople', 'mutedWords', 'post', 'reportedPosts', 'thread', 'user', 'userByUsername']);
  });
});

describe('a read naming a position the primary has not reached', () => {
  it('goes to the replica once it has replayed all the primary has written, not to the primary for good', async () => {
    let primaryAt = '0/500';
    let replayed = '0/400';
    const primaryQueries: string[] = [];
    const primary = {
      kind: 'postgres',
      query: async (text: string) => {
        primaryQueries.push(text);
        return { rows: [{ position: primaryAt }] };
      },
    } as unknown as Sql;
    const replicaAt = async (position: string) => {
      replayed = position;
      await new Promise((resolve) => setTimeout(resolve, 50));
    };
    // Nothing connects to this address: the replica's position is the test's (the seam), and no read runs.
    const reads = await openReadReplica(primary, { connectionString: 'postgres://nobody@127.0.0.1:1/none', pollMs: 5, replayedPosition: async () => replayed });
    try {
      expect(await reads.sqlFor('FFFFFFFF/FFFFFFFF')).toBe(primary);
      await replicaAt('0/500');
      expect(await reads.sqlFor('FFFFFFFF/FFFFFFFF')).not.toBe(primary);
      // A position the primary has reached, and the replica not yet, still goes to the primary.
      primaryAt = '0/600';
      expect(await reads.sqlFor('0/600')).toBe(primary);
      await replicaAt('0/600');
      expect(await reads.sqlFor('0/600')).not.toBe(primary);
      // The primary is asked only for positions past the last it answered, which the replica has not replayed.
      const asked = primaryQueries.length;
      expect(await reads.sqlFor(undefined)).not.toBe(primary);
      expect(await reads.sqlFor('0/5FF')).not.toBe(primary);
      expect(primaryQueries).toHaveLength(asked);
    } finally {
      await reads.close();
    }
  });
});

describe('settings', () => {
  const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: newTempDir() };

  it('reads DATABASE_READ_URL and DATABASE_LISTEN_URL beside DATABASE_URL', () => {
    const config = configFromEnv({
      ...base,
      DATABASE_URL: 'postgres://app@pooler:6432/chirp',
      DATABASE_READ_URL: ' postgres://app@pooler:6432/chirp_replica ',
      DATABASE_LISTEN_URL: 'postgres://app@primary:5432/chirp',
    });
    expect(config.databaseReadUrl).toBe('postgres://app@pooler:6432/chirp_replica');
    expect(config.databaseListenUrl).toBe('postgres://app@primary:5432/chirp');
    expect(configFromEnv({ ...base, DATABASE_URL: 'postgres://app@db/chirp' })).toMatchObject({ databaseReadUrl: undefined, databaseListenUrl: undefined });
  });

  it('refuses them without DATABASE_URL (PGlite has no replica and needs no LISTEN connection)', () => {
    expect(() => configFromEnv({ ...base, DATABASE_READ_URL: 'postgres://app@replica/chirp' })).toThrow(
      'DATABASE_READ_URL is set but DATABASE_URL is not',
    );
    expect(() => configFromEnv({ ...base, DATABASE_LISTEN_URL: 'postgres://app@primary/chirp' })).toThrow(
      'DATABASE_LISTEN_URL is set but DATABASE_URL is not',
    );
  });
});

describe('on PGlite', { timeout: 30_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);
  afterAll(() => server?.stop());

  it('answers no WAL position: there is no replica to read from', async () => {
    const login = await fetch(`${server.url}/api/auth/login?view=compact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(GUEST_CREDENTIALS),
    });
    const { encodedToken } = (await login.json()) as { encodedToken: string };
    const created = await fetch(`${server.url}/api/posts?view=compact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: encodedToken },
      body: JSON.stringify({ postData: { content: 'no replica here' } }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('chirp-written-lsn')).toBeNull();
    // A read that names a position is answered all the same.
    const feed = await fetch(`${server.url}/api/posts?view=compact`, { headers: { 'chirp-read-after': 'FFFFFFFF/FFFFFFFF' } });
    expect(((await feed.json()) as { posts: { content: string }[] }).posts[0]!.content).toBe('no replica here');
  });

  it('lets the shell send Chirp-Read-After and read Chirp-Written-Lsn (CORS)', async () => {
    const origin = 'http://localhost:5173';
    const preflight = await fetch(`${server.url}/api/posts`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,chirp-read-after' },
    });
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('chirp-read-after');
    const read = await fetch(`${server.url}/api/posts?view=compact`, { headers: { origin } });
    expect(read.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('chirp-written-lsn');
  });
});
