/** A server on a free port and a fresh data folder (PGlite) or a fresh schema (PostgreSQL), for tests. */
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { issueToken } from '@chirp/api-rules';
import sharp from 'sharp';
import { DEFAULT_CORS_ORIGINS, poolSize, type ServerConfig } from '../config';
import { migrate, readMigrations } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { costKey, SCRYPT_COST, type PasswordCost } from '../passwords';
import { resetToSeeds, seedIfEmpty } from '../seeds';
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

/** Quotas no test meets unless it sets its own. */
export const TEST_QUOTAS: ServerConfig['quotas'] = {
  uploadsPerHour: 100_000,
  uploadBytesPerHour: 1e12,
  postsPerMinute: 100_000,
  mentionNotificationsPerMinute: 100_000,
  likesPerMinute: 100_000,
  reportsPerHour: 100_000,
  unusedUploadGraceMs: 24 * 3600_000,
};

/**
 * scrypt at a 32nd of the real cost (1 MiB instead of 32 MiB per hash): a hash is most of a sign-up's
 * or log-in's CPU, and the suites sign up and log in thousands of times. The tests about what a hash
 * costs (login-limits.server.test.ts) set SCRYPT_COST.
 */
export const TEST_PASSWORD_COST: PasswordCost = { N: 2 ** 10, r: 8, p: 1 };

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = overrides.dataDir ?? newTempDir();
  return {
    port: 0,
    host: '127.0.0.1',
    databasePoolSize: poolSize({}),
    dataDir,
    jwtSecret: randomBytes(32).toString('hex'),
    corsOrigins: DEFAULT_CORS_ORIGINS,
    bodyLimit: 2 * 1024 * 1024,
    authRateLimit: { max: 100_000, windowMs: 60_000 },
    loginFailureLimit: { max: 100_000, windowMs: 60_000 },
    loginSlowDown: { afterFailures: 100_000, baseMs: 250, maxMs: 4000 },
    trustProxy: false,
    uploadsDir: join(dataDir, 'uploads'),
    maxUploadBytes: 1024 * 1024,
    logger: false,
    seedDemo: true,
    quotas: TEST_QUOTAS,
    passwordCost: TEST_PASSWORD_COST,
    ...overrides,
  };
}

const ROOT = resolve(import.meta.dirname, '../../..');
const PGLITE_FOLDER = 'pglite';

/**
 * A PGlite folder with the schema and the demo seeds laid down, made once per version of the
 * migrations, the seeds and PGlite (under .cache/, shared by every test process), to be copied for
 * each test server. A fresh folder costs PGlite an initdb, seconds of CPU on a small machine, and the
 * server suites start dozens of servers; a copy of a ready folder costs a fraction of that.
 */
async function seededPgliteFolder(cost: PasswordCost): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`${costKey(cost)}\n`);
  for (const migration of readMigrations()) hash.update(`${migration.version}:${migration.text}\n`);
  for (const file of ['server/src/seeds.ts', 'server/src/passwords.ts', 'api-rules/src/seeds.ts', 'node_modules/@electric-sql/pglite/package.json']) {
    hash.update(readFileSync(join(ROOT, file)));
  }
  const folder = join(ROOT, '.cache', `pglite-seeded-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(join(folder, 'ready'))) return folder;
  // Made aside and moved into place whole: processes that race make one each, and the first wins.
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  const building = mkdtempSync(`${folder}.building-`);
  const sql = await openPglite(join(building, PGLITE_FOLDER));
  try {
    await migrate(sql);
    await seedIfEmpty(sql, cost);
  } finally {
    await sql.close();
  }
  writeFileSync(join(building, 'ready'), '');
  try {
    renameSync(building, folder);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another process's copy is in place
  }
  return folder;
}

/** The ready folder for a cost, looked up (or made) once per test process, not once per server. */
const seededOnce = new Map<string, Promise<string>>();
function seededFolder(cost: PasswordCost): Promise<string> {
  const key = costKey(cost);
  let folder = seededOnce.get(key);
  if (!folder) {
    folder = seededPgliteFolder(cost);
    seededOnce.set(key, folder);
  }
  return folder;
}

export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const config = testConfig(overrides);
  // A new PGlite folder with the seeds starts from the ready copy (the server then finds it migrated and seeded).
  if (!config.databaseUrl && !config.pgliteInMemory && overrides.dataDir === undefined && config.seedDemo) {
    cpSync(join(await seededFolder(config.passwordCost ?? SCRYPT_COST), PGLITE_FOLDER), join(config.dataDir, PGLITE_FOLDER), { recursive: true });
  }
  const server = await startServer(config);
  return {
    ...server,
    config,
    reset: () => resetToSeeds(server.sql, config.passwordCost),
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

const twoByTwo = () => sharp({ create: { width: 2, height: 2, channels: 3, background: { r: 200, g: 30, b: 90 } } });

/** One small image of each kind an upload accepts (2 × 2 px; the PNG is 96 bytes, the quota tests count on it being small). */
export const SAMPLE_IMAGES = {
  png: await twoByTwo().png().toBuffer(),
  jpg: await twoByTwo().jpeg().toBuffer(),
  gif: await twoByTwo().gif().toBuffer(),
  webp: await twoByTwo().webp({ lossless: true }).toBuffer(),
};

/** Bytes that start as an image of the kind would (the signature, then filler) but do not decode as one. */
export const UNDECODABLE_IMAGES = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]),
  jpg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(16)]),
};

/** The URL of an image kept by the store at `prefix`: `<uuid>-<width>x<height>.<ext>`. */
export const storedImageUrl = (prefix: string, extension = 'png') =>
  new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[0-9a-f-]{36}-[0-9]+x[0-9]+\\.${extension}$`);

/** `POST /api/uploads` as the app sends it: multipart, the image in the field `file`. */
export async function uploadImage(
  serverUrl: string,
  bytes: Buffer,
  options: { token?: string; type?: string; name?: string; field?: string } = {},
) {
  const form = new FormData();
  form.append(options.field ?? 'file', new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }), options.name ?? 'picture.png');
  const response = await fetch(`${serverUrl}/api/uploads`, {
    method: 'POST',
    headers: options.token ? { authorization: options.token } : {},
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as { url?: string; width?: number; height?: number; srcset?: Record<'avatar' | 'post', string>; errors?: string[] },
  };
}
