// @vitest-environment node
/**
 * Only with DATABASE_URL (vitest.config.ts): the server's connections behind a transaction-mode pooler
 * (as in the local cluster) — LISTEN on a connection of its own (DATABASE_LISTEN_URL), and a DATABASE_SCHEMA that the
 * connection does not carry stops the start rather than working elsewhere.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config';
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
});
