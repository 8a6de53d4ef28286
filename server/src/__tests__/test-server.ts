/** A server on a free port and a fresh data folder (PGlite) or a fresh schema (PostgreSQL), for tests. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { issueToken } from '@chirp/api-rules';
import { DEFAULT_CORS_ORIGINS, type ServerConfig } from '../config';
import { resetToSeeds } from '../seeds';
import { startServer, type RunningServer } from '../server';

export interface TestServer extends RunningServer {
  config: ServerConfig;
  /** Fresh seeds. */
  reset(): Promise<void>;
  signToken(claims: { _id: string; username: string }): Promise<string>;
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>;
}

export const newTempDir = (name = 'chirp-server-') => mkdtempSync(join(tmpdir(), name));
/** A schema nobody else uses, for one run against a shared PostgreSQL. */
export const freshSchemaName = () => `chirp_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = overrides.dataDir ?? newTempDir();
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    jwtSecret: randomBytes(32).toString('hex'),
    corsOrigins: DEFAULT_CORS_ORIGINS,
    bodyLimit: 2 * 1024 * 1024,
    authRateLimit: { max: 100_000, windowMs: 60_000 },
    uploadsDir: join(dataDir, 'uploads'),
    maxUploadBytes: 5 * 1024 * 1024,
    logger: false,
    ...overrides,
  };
}

export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const config = testConfig(overrides);
  const server = await startServer(config);
  return {
    ...server,
    config,
    reset: () => resetToSeeds(server.sql),
    signToken: (claims) => issueToken(config.jwtSecret, claims),
    async stop() {
      await server.close();
      if (config.databaseUrl && config.databaseSchema) await dropSchema(config.databaseUrl, config.databaseSchema);
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
