/** The server's settings, from the environment (see server/README.md for the list). */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const DEFAULT_DATA_DIR = resolve(import.meta.dirname, '../.data');
/** The shell in development (vite) and in preview. */
export const DEFAULT_CORS_ORIGINS = ['http://localhost:5173', 'http://localhost:4173'];

export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL; absent: embedded PGlite in `dataDir/pglite`. */
  databaseUrl?: string;
  /** Work in this schema of DATABASE_URL (created when missing). */
  databaseSchema?: string;
  dataDir: string;
  jwtSecret: string;
  corsOrigins: string[];
  /** Largest request body (JSON); uploads have their own limit. */
  bodyLimit: number;
  /** Log-ins and sign-ups per client address and window. */
  authRateLimit: { max: number; windowMs: number };
  uploadsDir: string;
  maxUploadBytes: number;
  /** The origin clients reach this server at, for upload URLs; default: the request's own. */
  publicUrl?: string;
  logger: boolean;
}

type Env = Record<string, string | undefined>;

function whole(env: Env, name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  if (!/^\d+$/.test(text)) throw new Error(`${name} must be a whole number, not "${text}".`);
  return Number(text);
}

/**
 * JWT_SECRET, else (outside production) a secret generated on first run and kept in the data
 * folder, so tokens survive restarts. Production refuses to start without JWT_SECRET.
 */
export function tokenSecret(env: Env, dataDir: string): string {
  const given = env.JWT_SECRET?.trim();
  if (given) {
    if (given.length < 32) throw new Error('JWT_SECRET must be at least 32 characters.');
    return given;
  }
  if (env.NODE_ENV === 'production') throw new Error('Set JWT_SECRET (at least 32 characters) in production.');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

export function configFromEnv(env: Env = process.env): ServerConfig {
  const dataDir = resolve(env.DATA_DIR?.trim() || DEFAULT_DATA_DIR);
  const origins = env.CORS_ORIGINS?.split(',').map((origin) => origin.trim().replace(/\/+$/, '')).filter(Boolean);
  return {
    port: whole(env, 'PORT', 8080),
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    databaseSchema: env.DATABASE_SCHEMA?.trim() || undefined,
    dataDir,
    jwtSecret: tokenSecret(env, dataDir),
    corsOrigins: origins?.length ? origins : DEFAULT_CORS_ORIGINS,
    bodyLimit: whole(env, 'BODY_LIMIT_BYTES', 2 * 1024 * 1024),
    authRateLimit: { max: whole(env, 'AUTH_RATE_LIMIT', 20), windowMs: whole(env, 'AUTH_RATE_WINDOW_MS', 60_000) },
    uploadsDir: resolve(env.UPLOADS_DIR?.trim() || join(dataDir, 'uploads')),
    maxUploadBytes: whole(env, 'MAX_UPLOAD_BYTES', 5 * 1024 * 1024),
    publicUrl: env.PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined,
    logger: env.LOG_REQUESTS !== '0',
  };
}
