// @vitest-environment node
/**
 * A server killed with SIGKILL in the middle of a stream of writes loses none it acknowledged: every
 * post answered 201 is there after a restart on the same data (embedded PGlite here; PostgreSQL in
 * scale-out.postgres.test.ts).
 */
import { rmSync } from 'node:fs';
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { newTempDir } from './test-server';
import { post, postIdsOn, spawnServer, streamPostsUntilKilled, type ServerProcess } from './spawn-server';

const running: ServerProcess[] = [];
const dataDir = newTempDir('chirp-crash-');
const JWT_SECRET = 'a-fixed-secret-for-the-crash-test-0123456789';

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop('SIGKILL')));
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string>) {
  const server = await spawnServer(env);
  running.push(server);
  return server;
}

describe('a server killed mid-stream (PGlite)', () => {
  it('keeps every post it acknowledged', { timeout: 400_000 }, async () => {
    const env = { DATA_DIR: dataDir, JWT_SECRET };
    const first = await start(env);
    const { body } = await post(first.url, '/auth/login', GUEST_CREDENTIALS);
    const acknowledged = await streamPostsUntilKilled(first, body.encodedToken, 40);
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    const second = await start(env);
    const ids = await postIdsOn(second.url);
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    await second.stop();
  });
});
