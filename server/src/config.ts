/** The server's settings, from the environment (see server/README.md for the list). */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { SERVER_ROOT } from './paths';
import { join, resolve } from 'node:path';
import { LIMITS, moderatorNamesOf } from '@chirp/api-rules';
import type { PasswordCost } from './passwords';

export const DEFAULT_DATA_DIR = resolve(SERVER_ROOT, '.data');
/** The shell in development (vite) and in preview. */
export const DEFAULT_CORS_ORIGINS = ['http://localhost:5173', 'http://localhost:4173'];

export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL; absent: embedded PGlite in `dataDir/pglite`. */
  databaseUrl?: string;
  /** Work in this schema of DATABASE_URL (created when missing). */
  databaseSchema?: string;
  /** A read replica of DATABASE_URL for the list reads (server/README.md, "Read replica"). */
  databaseReadUrl?: string;
  /** The direct connection LISTEN uses when DATABASE_URL is a transaction-mode pooler; default DATABASE_URL. */
  databaseListenUrl?: string;
  /** Connections each pool of this instance opens at most (to the primary, and to the replica). */
  databasePoolSize: number;
  dataDir: string;
  jwtSecret: string;
  corsOrigins: string[];
  /** Largest request body (JSON); uploads have their own limit. */
  bodyLimit: number;
  /** Log-ins and sign-ups per client address and window. */
  authRateLimit: { max: number; windowMs: number };
  /**
   * Failed log-ins per account and client address, and window (sliding): past them that address gets
   * 429 for that account until the oldest failure leaves the window. Per address, so that nobody can
   * lock an account's owner out by failing on purpose.
   */
  loginFailureLimit: { max: number; windowMs: number };
  /**
   * Failed log-ins per account from all addresses together (in `loginFailureLimit`'s window) past which
   * every log-in on that account is held back — `baseMs`, doubled with each further failure, at most
   * `maxMs` — so that many addresses cannot guess quickly either; the right password still gets in.
   */
  loginSlowDown: { afterFailures: number; baseMs: number; maxMs: number };
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For): false (none: the
   * connection's address), a number of hops (TRUST_PROXY=1: the load balancer in front), or the
   * proxies' addresses and ranges.
   */
  trustProxy: false | number | string[];
  uploadsDir: string;
  maxUploadBytes: number;
  /** The origin clients reach this server at, for upload URLs; default: the request's own. */
  publicUrl?: string;
  /** Images go to this S3-compatible bucket instead of `uploadsDir`. */
  s3?: S3Settings;
  logger: boolean;
  /**
   * Per user: uploads (count and bytes) per hour, posts per minute, mention notifications sent per
   * minute, likes and dislikes per minute; unused uploads removed after `unusedUploadGraceMs`.
   */
  quotas: {
    uploadsPerHour: number;
    uploadBytesPerHour: number;
    postsPerMinute: number;
    mentionNotificationsPerMinute: number;
    likesPerMinute: number;
    reportsPerHour: number;
    unusedUploadGraceMs: number;
  };
  /**
   * Lay the demo accounts (published passwords) on an empty database: SEED_DEMO=1 or 0; by default
   * on, except with NODE_ENV=production.
   */
  seedDemo: boolean;
  /** CHIRP_MODERATORS: usernames (lower case) with the moderator role, beside `grant-moderator`'s in the database. */
  moderators?: string[];
  /**
   * scrypt's cost for new password hashes; SCRYPT_COST when absent. No environment variable sets
   * it: only the server's own tests lower it, for the many that are not about passwords.
   */
  passwordCost?: PasswordCost;
  /**
   * PGlite in memory rather than in `dataDir`'s folder: nothing is kept once the server stops. No
   * environment variable sets it: only the contract suite asks for it, which resets the database
   * before each of its hundreds of tests (on disk, every reset's writes go through PGlite's file
   * system: in memory they cost nothing more).
   */
  pgliteInMemory?: boolean;
  /** Live updates (GET /api/events): streams per person, per client address (IPv6: per /64) and in all, on this instance. */
  live?: { maxStreamsPerUser: number; maxStreamsPerAddress?: number; maxStreams: number };
}

export const DEFAULT_LIVE_LIMITS = { maxStreamsPerUser: 10, maxStreamsPerAddress: 20, maxStreams: 20_000 } as const;

/** An S3-compatible bucket for images (AWS S3, MinIO, Cloudflare R2, …). */
export interface S3Settings {
  bucket: string;
  /** The base URL the bucket's objects are served from (a CDN, or the bucket's own address); no trailing slash. */
  publicUrl: string;
  region: string;
  /** The store's address when it is not AWS S3. */
  endpoint?: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** None: the SDK's default chain (AWS_* variables, profiles, instance or task roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

type Env = Record<string, string | undefined>;

function whole(env: Env, name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  if (!/^\d+$/.test(text)) throw new Error(`${name} must be a whole number, not "${text}".`);
  return Number(text);
}

const setting = (env: Env, name: string) => env[name]?.trim() || undefined;

/** An absolute http(s) address without query or fragment, its trailing slashes dropped. */
function httpAddress(env: Env, name: string): string | undefined {
  const given = setting(env, name);
  if (!given) return undefined;
  const url = URL.canParse(given) ? new URL(given) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash) {
    throw new Error(`${name} must be an http(s) address such as https://cdn.example.com/images, not "${given}".`);
  }
  return given.replace(/\/+$/, '');
}

function yesOrNo(env: Env, name: string): boolean | undefined {
  const given = setting(env, name)?.toLowerCase();
  if (given === undefined) return undefined;
  if (given === '1' || given === 'true') return true;
  if (given === '0' || given === 'false') return false;
  throw new Error(`${name} must be 1 or 0 (true or false), not "${given}".`);
}

const S3_VARIABLES = ['S3_BUCKET', 'S3_PUBLIC_URL', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];

/**
 * The image bucket from S3_*; undefined (images in UPLOADS_DIR) when none is set. Anything
 * incomplete or malformed stops the start with a sentence saying what to set.
 */
export function s3SettingsFromEnv(env: Env): S3Settings | undefined {
  const bucket = setting(env, 'S3_BUCKET');
  if (!bucket) {
    const stray = S3_VARIABLES.filter((name) => setting(env, name));
    if (stray.length === 0) return undefined;
    throw new Error(`${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but S3_BUCKET is not: set S3_BUCKET to keep images in that bucket, or unset ${stray.length > 1 ? 'them' : 'it'} to keep them in UPLOADS_DIR.`);
  }
  if (/[\s/]/.test(bucket)) throw new Error(`S3_BUCKET must be a bucket name (no slashes or spaces), not "${bucket}".`);
  const publicUrl = httpAddress(env, 'S3_PUBLIC_URL');
  if (!publicUrl) {
    throw new Error('S3_BUCKET is set but S3_PUBLIC_URL is not: set it to the base URL the images are served from (a CDN or the bucket\'s public address, e.g. https://cdn.example.com).');
  }
  const endpoint = httpAddress(env, 'S3_ENDPOINT');
  // Self-hosted stores (MinIO and the like) take any region and sign with us-east-1 by convention.
  const region = setting(env, 'S3_REGION') ?? setting(env, 'AWS_REGION') ?? setting(env, 'AWS_DEFAULT_REGION') ?? (endpoint ? 'us-east-1' : undefined);
  if (!region) throw new Error('S3_BUCKET is set but no region is: set S3_REGION to the bucket\'s region (e.g. eu-west-1).');
  const accessKeyId = setting(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = setting(env, 'S3_SECRET_ACCESS_KEY');
  if (!accessKeyId !== !secretAccessKey) {
    throw new Error('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (then the SDK\'s default credentials are used).');
  }
  return {
    bucket,
    publicUrl,
    region,
    endpoint,
    // Self-hosted stores mostly want path-style addresses; AWS S3 wants virtual-hosted ones.
    forcePathStyle: yesOrNo(env, 'S3_FORCE_PATH_STYLE') ?? Boolean(endpoint),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
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

/** TRUST_PROXY: unset or 0 → false; a whole number → that many hops; else addresses or CIDR ranges, comma-separated. */
export function trustProxyFromEnv(env: Env): false | number | string[] {
  const given = setting(env, 'TRUST_PROXY');
  if (!given || given === '0' || given.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(given)) return Number(given);
  const ranges = given.split(',').map((entry) => entry.trim()).filter(Boolean);
  const address = /^[0-9a-f.:]+(?:\/\d{1,3})?$/i;
  const bad = ranges.find((entry) => !address.test(entry));
  if (bad) throw new Error(`TRUST_PROXY must be a number of hops (1 behind one load balancer) or proxy addresses and ranges such as 10.0.0.0/8, not "${bad}".`);
  return ranges;
}

/** DATABASE_LISTEN_URL (and DATABASE_READ_URL) name more connections to the PostgreSQL of DATABASE_URL. */
function connectionBeside(env: Env, name: string): string | undefined {
  const url = setting(env, name);
  if (url && !setting(env, 'DATABASE_URL')) {
    throw new Error(`${name} is set but DATABASE_URL is not: it names another connection to the PostgreSQL of DATABASE_URL (the embedded PGlite has none).`);
  }
  return url;
}

/**
 * DATABASE_POOL_SIZE, default twice this machine's cores and one: the queries one instance has running
 * at a time. More than its cores can feed only puts more of them on the database at once (each slower,
 * as they take turns on its CPUs); beyond the pool a query waits in the instance's own queue, in order.
 */
export function poolSize(env: Env): number {
  const size = whole(env, 'DATABASE_POOL_SIZE', availableParallelism() * 2 + 1);
  if (size < 1) throw new Error('DATABASE_POOL_SIZE must be at least 1.');
  return size;
}

export function configFromEnv(env: Env = process.env): ServerConfig {
  const dataDir = resolve(env.DATA_DIR?.trim() || DEFAULT_DATA_DIR);
  // Before the token secret: a misconfigured start writes nothing.
  const s3 = s3SettingsFromEnv(env);
  const origins = env.CORS_ORIGINS?.split(',').map((origin) => origin.trim().replace(/\/+$/, '')).filter(Boolean);
  return {
    port: whole(env, 'PORT', 8080),
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    databaseSchema: env.DATABASE_SCHEMA?.trim() || undefined,
    databaseReadUrl: connectionBeside(env, 'DATABASE_READ_URL'),
    databaseListenUrl: connectionBeside(env, 'DATABASE_LISTEN_URL'),
    databasePoolSize: poolSize(env),
    dataDir,
    jwtSecret: tokenSecret(env, dataDir),
    corsOrigins: origins?.length ? origins : DEFAULT_CORS_ORIGINS,
    bodyLimit: whole(env, 'BODY_LIMIT_BYTES', 2 * 1024 * 1024),
    authRateLimit: { max: whole(env, 'AUTH_RATE_LIMIT', 20), windowMs: whole(env, 'AUTH_RATE_WINDOW_MS', 60_000) },
    loginFailureLimit: { max: whole(env, 'LOGIN_FAILURE_LIMIT', 5), windowMs: whole(env, 'LOGIN_FAILURE_WINDOW_MS', 15 * 60_000) },
    loginSlowDown: {
      afterFailures: whole(env, 'LOGIN_SLOWDOWN_AFTER', 20),
      baseMs: whole(env, 'LOGIN_SLOWDOWN_MS', 250),
      maxMs: whole(env, 'LOGIN_SLOWDOWN_MAX_MS', 4000),
    },
    trustProxy: trustProxyFromEnv(env),
    uploadsDir: resolve(env.UPLOADS_DIR?.trim() || join(dataDir, 'uploads')),
    maxUploadBytes: whole(env, 'MAX_UPLOAD_BYTES', LIMITS.maxPostImageBytes),
    publicUrl: env.PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined,
    s3,
    logger: env.LOG_REQUESTS !== '0',
    seedDemo: yesOrNo(env, 'SEED_DEMO') ?? env.NODE_ENV !== 'production',
    moderators: moderatorNamesOf(env.CHIRP_MODERATORS),
    quotas: {
      uploadsPerHour: whole(env, 'UPLOADS_PER_HOUR', 60),
      uploadBytesPerHour: whole(env, 'UPLOAD_BYTES_PER_HOUR', 50 * 1024 * 1024),
      postsPerMinute: whole(env, 'POSTS_PER_MINUTE', 30),
      mentionNotificationsPerMinute: whole(env, 'MENTION_NOTIFICATIONS_PER_MINUTE', 30),
      likesPerMinute: whole(env, 'LIKES_PER_MINUTE', 60),
      reportsPerHour: whole(env, 'REPORTS_PER_HOUR', 30),
      unusedUploadGraceMs: whole(env, 'UNUSED_UPLOAD_GRACE_MS', 24 * 3600_000),
    },
    live: {
      maxStreamsPerUser: whole(env, 'LIVE_STREAMS_PER_USER', DEFAULT_LIVE_LIMITS.maxStreamsPerUser),
      maxStreamsPerAddress: whole(env, 'LIVE_STREAMS_PER_ADDRESS', DEFAULT_LIVE_LIMITS.maxStreamsPerAddress),
      maxStreams: whole(env, 'LIVE_STREAMS', DEFAULT_LIVE_LIMITS.maxStreams),
    },
  };
}
