// @vitest-environment node
/**
 * Images in an S3-compatible bucket: the server against a real S3-compatible server (s3rver, its own
 * process on a loopback port, checking signatures), and the S3_* settings.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { issueToken, SPEC_ERRORS } from '@chirp/api-rules';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER_ERRORS } from '../api/context';
import { buildApp } from '../app';
import { configFromEnv, s3SettingsFromEnv, type S3Settings } from '../config';
import type { Sql } from '../db/sql';
import { IMMUTABLE_CACHE } from '../image-store';
import { S3RVER_CREDENTIALS, startS3Server, type S3ServerProcess } from './s3-server';
import { spawnServer } from './spawn-server';
import { newTempDir, SAMPLE_IMAGES, testConfig, UNDECODABLE_IMAGES, uploadImage } from './test-server';

const BUCKET = 'chirp-images';
const MAX_UPLOAD = 64 * 1024;
const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;

/**
 * Uploads touch the database only to find the uploader (a token that outlived its user is refused),
 * count their quota and record the upload: one that answers those and refuses anything else spares
 * this file a PGlite start.
 */
const UPLOADER_ID = '00000000-0000-4000-8000-00000000cafe';
const noDatabase = async (): Promise<never> => {
  throw new Error('The uploads touched the database beyond finding the uploader.');
};
const uploaderRow = {
  id: UPLOADER_ID, username: 'uploader', first_name: 'Up', last_name: 'Loader', password_hash: 'x', profile_pic: '', title: '',
  bio: '', website: '', extras: {}, created_at: new Date(), created_offset: 0, updated_at: new Date(), updated_offset: 0,
  bookmarks: [], following: [], followers: [], muting: [], blocking: [], muted_words: [],
};
const ONE_USER: Sql = {
  kind: 'pglite',
  query: async <Row,>(text: string, params?: readonly unknown[]) => {
    if (/FROM users u WHERE u\.id = ANY/.test(text)) return { rows: [uploaderRow as Row] };
    // The upload quota (nothing uploaded this hour: the claim is granted whole) and the upload's record.
    if (/FROM chirp_claim_usage/.test(text)) {
      return { rows: [{ granted: String(params?.[5] ?? 1), counted: 0, wait_ms: 0, claimed_at: new Date().toISOString() } as Row] };
    }
    if (/^INSERT INTO uploads/.test(text)) return { rows: [] };
    // The live updates' channel, named after the schema (one database can hold several schemas).
    if (/current_schema\(\)/.test(text)) return { rows: [{ schema: 'public' } as Row] };
    return noDatabase();
  },
  exec: noDatabase,
  transaction: noDatabase,
  listen: async () => async () => {},
  close: async () => {},
};

/** The HTTP app (routes, checks, image store) on a free loopback port, with images in `s3`. */
async function startApp(s3: S3Settings) {
  const config = testConfig({ jwtSecret: JWT_SECRET, maxUploadBytes: MAX_UPLOAD, s3 });
  const app = await buildApp({ ...config, sql: ONE_USER });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    filesInUploadsDir: () => (existsSync(config.uploadsDir) ? readdirSync(config.uploadsDir) : []),
    async stop() {
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

let s3Server: S3ServerProcess;
let server: Awaited<ReturnType<typeof startApp>>;
let settings: S3Settings;
let client: S3Client;
const JWT_SECRET = randomBytes(32).toString('hex');
let token: string;

beforeAll(async () => {
  s3Server = await startS3Server([BUCKET]);
  settings = {
    bucket: BUCKET,
    // s3rver serves a bucket's objects to anyone at its path-style address: the "CDN" here.
    publicUrl: `${s3Server.endpoint}/${BUCKET}`,
    region: 'us-east-1',
    endpoint: s3Server.endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  };
  client = new S3Client({ region: settings.region, endpoint: settings.endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  server = await startApp(settings);
  token = await issueToken(JWT_SECRET, { _id: UPLOADER_ID, username: 'uploader' });
}, 60_000);

afterAll(async () => {
  client?.destroy();
  await server?.stop();
  await s3Server?.stop();
});

const keysInBucket = async (bucket = BUCKET) =>
  ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((object) => object.Key!).sort();

describe('POST /api/uploads with an S3 bucket', { timeout: 20_000 }, () => {
  it('puts the image in the bucket with its type and a long cache, and answers its URL under S3_PUBLIC_URL', async () => {
    const image = SAMPLE_IMAGES.png;
    const answer = await uploadImage(server.url, image, { token });
    expect(answer.status).toBe(201);
    const url = answer.body.url!;
    expect(url.startsWith(`${settings.publicUrl}/`)).toBe(true);
    const key = url.slice(settings.publicUrl.length + 1);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-2x2\.png$/);

    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(head.ContentType).toBe('image/png');
    expect(head.CacheControl).toBe(IMMUTABLE_CACHE);
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(await sharp(Buffer.from(await object.Body!.transformToByteArray())).metadata()).toMatchObject({ format: 'png', width: 2, height: 2 });
    // Its WebP copies beside it, each as long-lived.
    const id = key.slice(0, 36);
    for (const size of [48, 96, 400, 640, 1280]) {
      const copy = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${id}-${size}.webp` }));
      expect({ type: copy.ContentType, cache: copy.CacheControl }).toEqual({ type: 'image/webp', cache: IMMUTABLE_CACHE });
    }

    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    expect(server.filesInUploadsDir()).toEqual([]);
  });

  it('gives each kind its Content-Type from the bytes, whatever the declared type, under a new key each time', async () => {
    const keys = new Set<string>();
    for (const extension of ['jpg', 'gif', 'webp', 'png'] as const) {
      const answer = await uploadImage(server.url, SAMPLE_IMAGES[extension], { token, type: 'application/octet-stream', name: 'x.bin' });
      const key = answer.body.url!.slice(settings.publicUrl.length + 1);
      expect(key).toMatch(new RegExp(`^[0-9a-f-]{36}-2x2\\.${extension}$`));
      keys.add(key);
      const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
      expect(head.ContentType).toBe(CONTENT_TYPES[extension]);
    }
    expect(keys.size).toBe(4);
  });

  it('writes nothing for a refused upload: not an image, too large, no token, no file', async () => {
    const before = await keysInBucket();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(await uploadImage(server.url, html, { token, type: 'image/png', name: 'evil.png' })).toEqual({
      status: 415,
      body: { errors: [SERVER_ERRORS.notAnImage] },
    });
    expect(await uploadImage(server.url, UNDECODABLE_IMAGES.jpg, { token, type: 'image/jpeg', name: 'a.jpg' })).toEqual({
      status: 415,
      body: { errors: [SERVER_ERRORS.notAnImage] },
    });
    const big = Buffer.concat([SAMPLE_IMAGES.png, Buffer.alloc(MAX_UPLOAD)]);
    expect(await uploadImage(server.url, big, { token })).toEqual({ status: 413, body: { errors: [SERVER_ERRORS.imageTooLarge(MAX_UPLOAD)] } });
    expect(await uploadImage(server.url, SAMPLE_IMAGES.png)).toEqual({ status: 401, body: { errors: [SPEC_ERRORS.invalidToken] } });
    expect(await uploadImage(server.url, SAMPLE_IMAGES.png, { token, field: 'image' })).toEqual({
      status: 400,
      body: { errors: [SERVER_ERRORS.noFile] },
    });
    expect(await keysInBucket()).toEqual(before);
    expect(server.filesInUploadsDir()).toEqual([]);
  });

  it('answers 500 when the store refuses the write, and nothing is kept', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = await startApp({ ...settings, bucket: 'no-such-bucket' });
    try {
      const answer = await uploadImage(failing.url, SAMPLE_IMAGES.png, { token });
      expect(answer).toEqual({ status: 500, body: { errors: [SERVER_ERRORS.unexpected] } });
      expect(logged).toHaveBeenCalled();
      expect(failing.filesInUploadsDir()).toEqual([]);
    } finally {
      await failing.stop();
    }
  });
});

describe('S3 settings', () => {
  const full = {
    S3_BUCKET: 'pictures',
    S3_PUBLIC_URL: 'https://cdn.example.com/img/',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_ACCESS_KEY_ID: 'id',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('keeps images in UPLOADS_DIR when no S3_* is set', () => {
    expect(s3SettingsFromEnv({})).toBeUndefined();
    expect(s3SettingsFromEnv({ S3_BUCKET: ' ', PUBLIC_URL: 'https://api.example.com' })).toBeUndefined();
  });

  it('reads a bucket: path style and us-east-1 by default with an endpoint, the region and keys as given', () => {
    expect(s3SettingsFromEnv(full)).toEqual({
      bucket: 'pictures',
      publicUrl: 'https://cdn.example.com/img',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(s3SettingsFromEnv({ S3_BUCKET: 'pictures', S3_PUBLIC_URL: 'https://cdn.example.com', S3_REGION: 'eu-west-1' })).toEqual({
      bucket: 'pictures',
      publicUrl: 'https://cdn.example.com',
      region: 'eu-west-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(s3SettingsFromEnv({ ...full, S3_FORCE_PATH_STYLE: '0', AWS_REGION: 'auto' })).toMatchObject({ forcePathStyle: false, region: 'auto' });
  });

  it.each([
    [{ S3_BUCKET: 'pictures' }, /S3_BUCKET is set but S3_PUBLIC_URL is not/],
    [{ ...full, S3_BUCKET: '' }, /S3_PUBLIC_URL, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set but S3_BUCKET is not/],
    [{ S3_REGION: 'eu-west-1' }, /S3_REGION is set but S3_BUCKET is not/],
    [{ ...full, S3_PUBLIC_URL: 'cdn.example.com' }, /S3_PUBLIC_URL must be an http\(s\) address/],
    [{ ...full, S3_PUBLIC_URL: 'https://cdn.example.com/?x=1' }, /S3_PUBLIC_URL must be an http\(s\) address/],
    [{ ...full, S3_ENDPOINT: 'ftp://store' }, /S3_ENDPOINT must be an http\(s\) address/],
    [{ ...full, S3_ENDPOINT: undefined }, /no region is: set S3_REGION/],
    [{ ...full, S3_SECRET_ACCESS_KEY: undefined }, /Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither/],
    [{ ...full, S3_FORCE_PATH_STYLE: 'maybe' }, /S3_FORCE_PATH_STYLE must be 1 or 0/],
    [{ ...full, S3_BUCKET: 'my/bucket' }, /S3_BUCKET must be a bucket name/],
  ])('refuses a misconfiguration with a sentence saying what to set (%#)', (env, message) => {
    expect(() => s3SettingsFromEnv(env)).toThrow(message);
  });

  it('stops the start before anything is written', () => {
    const dataDir = newTempDir();
    expect(() => configFromEnv({ DATA_DIR: dataDir, S3_BUCKET: 'pictures' })).toThrow(/S3_PUBLIC_URL/);
    expect(readdirSync(dataDir)).toEqual([]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the server process says what is wrong and does not start', { timeout: 30_000 }, async () => {
    const dataDir = newTempDir();
    const env = { DATA_DIR: dataDir, S3_BUCKET: 'pictures', S3_PUBLIC_URL: '', S3_ENDPOINT: '' };
    await expect(spawnServer(env)).rejects.toThrow(/ended \(1\)[^]*The Chirp API cannot start: S3_BUCKET is set but S3_PUBLIC_URL is not/);
    expect(readdirSync(dataDir)).toEqual([]);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
