// @vitest-environment node
/**
 * Only with DATABASE_URL (vitest.config.ts): the server's connections behind a transaction-mode pooler
 * (as in the local cluster) — LISTEN on a connection of its own (DATABASE_LISTEN_URL), a DATABASE_SCHEMA that the
 * connection does not carry stops the start rather than working elsewhere, prepared reads that a pooler
 * loses are asked again unprepared, and DATABASE_POOL_SIZE caps the pool.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ServerConfig } from '../config';
import { openPool, pooled } from '../db/postgres';
import { startServer } from '../server';
import { dropSchema, freshSchemaName, testConfig } from './test-server';

const DATABASE_URL = process.env.DATABASE_URL!;

describe('the connections of a server on PostgreSQL', { timeout: 60_000 }, () => {
  const configs: ServerConfig[] = [];
  const settings = (overrides: Partial<ServerConfig> = {}) => {
    const config = testConfig({ databaseUrl: DATABASE_URL, databaseSchema: freshSchemaName(), seedDemo: false, ...overrides });
    configs.push(config);
    return config;
  };
  afterAll(async () => {
    for (const config of configs) {
      await dropSchema(DATABASE_URL, config.databaseSchema!);
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });

  it('LISTENs on DATABASE_LISTEN_URL, not on the pool', async () => {
    await expect(startServer(settings({ databaseListenUrl: 'postgres://chirp:chirp@127.0.0.1:1/chirp_test' }))).rejects.toThrow(/ECONNREFUSED/);
  });

  it('refuses to start when DATABASE_SCHEMA does not reach the connection (as behind a transaction-mode pooler)', async () => {
    // The connection string's own startup option wins over the server's: the schema is lost on the way.
    const dropsTheSchema = `${DATABASE_URL}${DATABASE_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c search_path=public')}`;
    const config = settings({ databaseUrl: dropsTheSchema });
    await expect(startServer(config)).rejects.toThrow(`DATABASE_SCHEMA is ${config.databaseSchema}, but the connection works in public`);
  });

  it('holds at most DATABASE_POOL_SIZE connections: the reads beyond wait their turn', async () => {
    const server = await startServer(settings({ databasePoolSize: 2 }));
    try {
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => server.sql.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.1)')),
      );
      expect(new Set(answers.map(({ rows }) => rows[0]!.pid)).size).toBe(2);
      // Six reads of 100 ms on two connections: three turns.
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      await server.close();
    }
  });

  describe('prepared reads', () => {
    const PREPARED = "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'chirp\\_%'";
    const READ = 'SELECT $1::int + 1 AS answer';

    it('are prepared once per connection and kept there; other reads are not', async () => {
      const pool = openPool({ connectionString: DATABASE_URL, maxConnections: 1 });
      try {
        const q = pooled(pool);
        await q.query('SELECT $1::int AS plain', [1]);
        expect((await q.query<{ n: number }>(PREPARED)).rows).toEqual([{ n: 0 }]);
        for (const value of [1, 2, 3]) expect((await q.query(READ, [value], { prepared: true })).rows).toEqual([{ answer: value + 1 }]);
        expect((await q.query<{ n: number }>(PREPARED)).rows).toEqual([{ n: 1 }]);
      } finally {
        await pool.end();
      }
    });

    it('lost on the way (as a transaction-mode pooler without them loses them) are answered unprepared from then on', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const pool = openPool({ connectionString: DATABASE_URL, maxConnections: 1 });
      try {
        const q = pooled(pool);
        await q.query(READ, [1], { prepared: true });
        // The statement is gone from the server's connection, though the client thinks it is there.
        await q.exec('DEALLOCATE ALL');
        expect((await q.query(READ, [41], { prepared: true })).rows).toEqual([{ answer: 42 }]);
        expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Prepared statements are off for this pool \(prepared statement "chirp_\w+" does not exist\)/));
        expect((await q.query(READ, [2], { prepared: true })).rows).toEqual([{ answer: 3 }]);
        expect((await q.query<{ n: number }>(PREPARED)).rows).toEqual([{ n: 0 }]);
        expect(warn).toHaveBeenCalledTimes(1);
      } finally {
        warn.mockRestore();
        await pool.end();
      }
    });
  });
});
