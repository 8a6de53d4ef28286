// @vitest-environment node
/** What only the real server has: uploads, rate limits, body limits, CORS, migrations, scrypt, secrets. */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { SPEC_ERRORS } from '@chirp/api-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../api/context';
import { configFromEnv, tokenSecret } from '../config';
import { migrate, readMigrations } from '../db/migrate';
import { hashPassword, passwordsAt, verifyPassword } from '../passwords';
import sharp from 'sharp';
import { newTempDir, startTestServer, SAMPLE_IMAGES, storedImageUrl, TEST_PASSWORD_COST, uploadImage, type TestServer } from './test-server';

let server: TestServer;
const MAX_UPLOAD = 64 * 1024;

beforeAll(async () => {
  server = await startTestServer({ authRateLimit: { max: 3, windowMs: 60_000 }, bodyLimit: 32 * 1024, maxUploadBytes: MAX_UPLOAD });
}, 180_000);

afterAll(() => server?.stop());

const PNG = SAMPLE_IMAGES.png;

let guestTokenOnce: Promise<string> | undefined;
/** One log-in for the whole file: log-ins are rate-limited (3 per minute here). */
const guestToken = () => (guestTokenOnce ??= logInGuest());

async function logInGuest() {
  const answer = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(GUEST_CREDENTIALS),
  });
  return ((await answer.json()) as { encodedToken: string }).encodedToken;
}

const upload = (bytes: Buffer, options?: Parameters<typeof uploadImage>[2]) => uploadImage(server.url, bytes, options);

describe('POST /api/uploads', { timeout: 30_000 }, () => {
  let token: string;
  beforeAll(async () => {
    token = await guestToken();
  });

  it('keeps an image and answers { url } where it is served with its type', async () => {
    const answer = await upload(PNG, { token });
    expect(answer.status).toBe(201);
    expect(answer.body.url).toMatch(storedImageUrl(`${server.url}/uploads`));
    const served = await fetch(answer.body.url!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const { format, width, height } = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect({ format, width, height }).toEqual({ format: 'png', width: 2, height: 2 });
  });

  it('tells the kind from the bytes: JPEG, GIF and WebP too, and nothing else whatever its name', async () => {
    for (const extension of ['jpg', 'gif', 'webp'] as const) {
      const bytes = SAMPLE_IMAGES[extension];
      expect((await upload(bytes, { token, type: 'application/octet-stream', name: 'x.bin' })).body.url).toMatch(storedImageUrl(`${server.url}/uploads`, extension));
    }
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(await upload(html, { token, type: 'image/png', name: 'evil.png' })).toEqual({ status: 415, body: { errors: [SERVER_ERRORS.notAnImage] } });
  });

  it('refuses no token, a missing file and a file over the limit', async () => {
    expect(await upload(PNG)).toEqual({ status: 401, body: { errors: [SPEC_ERRORS.invalidToken] } });
    expect(await upload(PNG, { token, field: 'image' })).toEqual({ status: 400, body: { errors: [SERVER_ERRORS.noFile] } });
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD)]);
    expect(await upload(big, { token })).toEqual({ status: 413, body: { errors: [SERVER_ERRORS.imageTooLarge(MAX_UPLOAD)] } });
    const notMultipart = await fetch(`${server.url}/api/uploads`, { method: 'POST', headers: { authorization: token }, body: 'x' });
    expect(notMultipart.status).toBe(400);
  });

  it('refuses a malformed multipart form with 400, and a token whose user is gone with 404', async () => {
    for (const body of ['--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc', 'no parts at all']) {
      const answer = await fetch(`${server.url}/api/uploads`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'multipart/form-data; boundary=xyz' },
        body,
      });
      expect({ status: answer.status, body: await answer.json() }).toEqual({ status: 400, body: { errors: [expect.any(String)] } });
    }
    const ghost = await server.signToken({ _id: crypto.randomUUID(), username: 'ghost' });
    expect(await upload(PNG, { token: ghost })).toEqual({ status: 404, body: { errors: [SPEC_ERRORS.notRegistered] } });
  });

  it('serves nothing but stored images', async () => {
    for (const path of ['/uploads/..%2Fjwt-secret', '/uploads/nothing.png', `/uploads/${crypto.randomUUID()}.png`]) {
      expect((await fetch(`${server.url}${path}`)).status).toBe(404);
    }
  });
});

describe('pictures and post images sent inline (data: URLs)', { timeout: 30_000 }, () => {
  // Larger than an answer may carry inline (LIMITS.maxInlinePicture), within the body limit here.
  const bigPng = Buffer.concat([PNG, Buffer.alloc(6 * 1024, 9)]);
  const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
  const uploadUrl = () => storedImageUrl(`${server.url}/uploads`);
  const call = async (method: string, path: string, body: unknown, token?: string) => {
    const answer = await fetch(`${server.url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, never> };
  };
  /** What the database row holds: a URL of the image store, never the bytes. */
  const storedPicture = async (userId: string) =>
    (await server.sql.query<{ profile_pic: string }>('SELECT profile_pic FROM users WHERE id = $1::uuid', [userId])).rows[0]!.profile_pic;
  /** The size and format of the image served at `url`: the store keeps it written again, not byte for byte. */
  const servedImage = async (url: string) => {
    const { format, width, height } = await sharp(Buffer.from(await (await fetch(url)).arrayBuffer())).metadata();
    return { format, width, height };
  };
  const TWO_BY_TWO_PNG = { format: 'png', width: 2, height: 2 };

  it('keeps a sign-up’s and an edit’s picture in the image store and stores its URL', async () => {
    const signup = await call('POST', '/auth/signup', {
      username: 'inlinepic',
      password: 'secret123',
      firstName: 'In',
      lastName: 'Line',
      profilePic: dataUrl(bigPng),
    });
    expect(signup.status).toBe(201);
    const user = signup.body.createdUser as { _id: string; profilePic: string };
    expect(user.profilePic).toMatch(uploadUrl());
    expect(await storedPicture(user._id)).toBe(user.profilePic);
    expect(await servedImage(user.profilePic)).toEqual(TWO_BY_TWO_PNG);

    const token = signup.body.encodedToken as string;
    const edited = await call('POST', '/users/edit', { userData: { profilePic: dataUrl(Buffer.concat([bigPng, PNG])) } }, token);
    expect(edited.status).toBe(201);
    const picture = (edited.body.user as { profilePic: string }).profilePic;
    expect(picture).toMatch(uploadUrl());
    expect(picture).not.toBe(user.profilePic);
    expect(await storedPicture(user._id)).toBe(picture);
    const read = await call('GET', `/users/${user._id}`, undefined);
    expect((read.body.user as { profilePic: string }).profilePic).toBe(picture);
  });

  it('keeps a post’s image in the store; a small or refused one is not kept', async () => {
    const token = await guestToken();
    const made = await call('POST', '/posts', { postData: { content: 'inline image', image: dataUrl(bigPng) } }, token);
    expect(made.status).toBe(201);
    const post = (made.body.posts as { content: string; image?: string }[]).find((each) => each.content === 'inline image')!;
    expect(post.image).toMatch(uploadUrl());
    expect(await servedImage(post.image!)).toEqual(TWO_BY_TWO_PNG);

    const uploads = async () => Number((await server.sql.query<{ count: string }>('SELECT count(*) FROM uploads')).rows[0]!.count);
    const before = await uploads();
    // Small enough to answer inline: kept inline (written again without metadata), not in the store.
    const small = await call('POST', '/posts', { postData: { content: 'small image', image: dataUrl(PNG) } }, token);
    const smallImage = (small.body.posts as { content: string; image?: string }[]).find((each) => each.content === 'small image')!.image!;
    expect(smallImage).toMatch(/^data:image\/png;base64,/);
    expect(await sharp(Buffer.from(smallImage.split(',')[1]!, 'base64')).metadata()).toMatchObject({ width: 2, height: 2 });
    // Not an image by its bytes: the rules decide, nothing is kept in the store.
    const text = `data:image/png;base64,${Buffer.alloc(6 * 1024, 65).toString('base64')}`;
    expect((await call('POST', '/posts', { postData: { content: 'not an image', image: text } }, token)).status).toBe(201);
    expect(await uploads()).toBe(before);
  });
});

describe('limits', { timeout: 30_000 }, () => {
  it('refuses a body over the limit with 413 and a message', async () => {
    const token = await guestToken();
    const answer = await fetch(`${server.url}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ postData: { content: 'x'.repeat(40 * 1024) } }),
    });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ errors: [SERVER_ERRORS.bodyTooLarge(32 * 1024)] });
  });

  it('refuses text with a NUL character with 400, changing nothing', async () => {
    const token = await guestToken();
    const before = ((await (await fetch(`${server.url}/api/posts`)).json()) as { posts: unknown[] }).posts.length;
    const answer = await fetch(`${server.url}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ postData: { content: 'a\u0000b' } }),
    });
    expect({ status: answer.status, body: await answer.json() }).toEqual({ status: 400, body: { errors: [SERVER_ERRORS.nulCharacter] } });
    expect(((await (await fetch(`${server.url}/api/posts`)).json()) as { posts: unknown[] }).posts).toHaveLength(before);
  });

  it('limits log-ins and sign-ups per address: 429 with a message', async () => {
    await guestToken();
    const statuses: number[] = [];
    let refused: Response | undefined;
    while (!refused && statuses.length < 4) {
      const answer = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'nobody', password: 'whatever1' }),
      });
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    expect(statuses.slice(0, -1).every((status) => status === 404)).toBe(true);
    expect({ status: refused?.status, body: await refused?.json() }).toEqual({ status: 429, body: { errors: [SERVER_ERRORS.tooManyAttempts] } });
    expect((await fetch(`${server.url}/api/posts`)).status).toBe(200); // reads are not limited
  });
});

describe('every answer', { timeout: 30_000 }, () => {
  it('refuses a body that is not JSON in the contract’s shape, not with an unrelated text', async () => {
    for (const type of ['', '/']) {
      const answer = await fetch(`${server.url}/api/posts`, { method: 'POST', headers: { 'content-type': type }, body: '{}' });
      expect({ status: answer.status, body: await answer.json() }).toEqual({ status: 415, body: { errors: [SERVER_ERRORS.badContentType] } });
    }
  });

  it('refuses headers over 16 KB with { errors }, not the framework’s own body', async () => {
    const answer = await fetch(`${server.url}/api/posts`, { headers: { 'x-padding': 'a'.repeat(20_000) } });
    expect(answer.status).toBe(431);
    expect(await answer.json()).toEqual({ errors: [SERVER_ERRORS.headersTooLarge] });
  });

  it('says nosniff on JSON answers and no-store on answers that carry a token or are for one caller', async () => {
    // (This server allows 3 log-ins a minute: whatever this one answers, its headers are the point.)
    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect(login.headers.get('x-content-type-options')).toBe('nosniff');
    const mine = await fetch(`${server.url}/api/users/bookmark`, { headers: { authorization: await guestToken() } });
    expect(mine.headers.get('cache-control')).toBe('no-store');
    const list = await fetch(`${server.url}/api/posts?limit=2`);
    expect(list.headers.get('x-content-type-options')).toBe('nosniff');
    expect(list.headers.get('cache-control')).toBeNull();
    const unknown = await fetch(`${server.url}/api/nothing`);
    expect(unknown.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    fetch(`${server.url}/api/posts`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });

  it("allows the shell's origins and no other", async () => {
    const allowed = await preflight('http://localhost:5173');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization');
    const other = await preflight('https://elsewhere.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

// Hashing is slow on purpose (scrypt): room for a busy machine.
describe('storage', { timeout: 30_000 }, () => {
  it('records applied migrations and applies each once', async () => {
    const { rows } = await server.sql.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual(readMigrations().map((migration) => migration.version));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(await migrate(server.sql)).toEqual([]);
  });

  it('keeps passwords only as salted scrypt hashes', async () => {
    const { rows } = await server.sql.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE username = 'guestuser'");
    // This test server hashes at the tests' lower cost; a configured server, at the real one.
    expect(rows[0]!.password_hash).toMatch(new RegExp(`^scrypt\\$${TEST_PASSWORD_COST.N}\\$8\\$1\\$`));
    expect(rows[0]!.password_hash).not.toContain(GUEST_CREDENTIALS.password);
    expect(await passwordsAt().hash('correct horse')).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await passwordsAt().dummy()).toMatch(/^scrypt\$32768\$8\$1\$/);
    const fromEnv = configFromEnv({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: newTempDir(), PASSWORD_COST: '1', SCRYPT_N: '2', NODE_ENV: 'test' });
    expect(fromEnv.passwordCost).toBeUndefined();
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('correct horse', 'pbkdf2-sha256$1$x$y')).toBe(false);
  });

  it('enforces one like per user and post, and case-insensitively unique usernames, in the database', async () => {
    const { rows } = await server.sql.query<{ post_id: string; user_id: string }>('SELECT post_id::text, user_id::text FROM post_reactions LIMIT 1');
    const [reaction] = rows;
    await expect(server.sql.query('INSERT INTO post_reactions (post_id, user_id, liked) VALUES ($1, $2, true)', [reaction!.post_id, reaction!.user_id])).rejects.toThrow();
    await expect(server.sql.query("UPDATE users SET username = 'GUESTUSER' WHERE username = 'priya.nair'")).rejects.toThrow();
  });
});

describe('the token secret', () => {
  it('comes from JWT_SECRET, else is generated once and kept in the data folder (not in production)', () => {
    const dir = newTempDir();
    try {
      const secret = tokenSecret({}, dir);
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(secret);
      expect(tokenSecret({}, dir)).toBe(secret);
      expect(tokenSecret({ JWT_SECRET: 'x'.repeat(40) }, dir)).toBe('x'.repeat(40));
      expect(() => tokenSecret({ JWT_SECRET: 'short' }, dir)).toThrow();
      const production = newTempDir();
      expect(() => tokenSecret({ NODE_ENV: 'production' }, production)).toThrow(/JWT_SECRET/);
      expect(existsSync(join(production, 'jwt-secret'))).toBe(false);
      rmSync(production, { recursive: true, force: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('health, readiness and start-up', { timeout: 60_000 }, () => {
  it('/health answers while the process runs; /ready only while the database answers', async () => {
    const other = await startTestServer();
    try {
      expect((await fetch(`${other.url}/health`)).status).toBe(200);
      expect((await fetch(`${other.url}/ready`)).status).toBe(200);
      await other.sql.close();
      const ready = await fetch(`${other.url}/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ errors: [SERVER_ERRORS.notReady] });
      expect((await fetch(`${other.url}/health`)).status).toBe(200);
    } finally {
      await other.app.close();
      rmSync(other.config.dataDir, { recursive: true, force: true });
    }
  });

  it('opens at most DATABASE_POOL_SIZE connections per pool: by default twice the cores and one', () => {
    const secret = 'x'.repeat(32);
    expect(configFromEnv({ JWT_SECRET: secret, DATA_DIR: newTempDir() }).databasePoolSize).toBe(availableParallelism() * 2 + 1);
    expect(configFromEnv({ JWT_SECRET: secret, DATA_DIR: newTempDir(), DATABASE_POOL_SIZE: '3' }).databasePoolSize).toBe(3);
    expect(() => configFromEnv({ JWT_SECRET: secret, DATA_DIR: newTempDir(), DATABASE_POOL_SIZE: '0' })).toThrow('DATABASE_POOL_SIZE must be at least 1.');
    expect(() => configFromEnv({ JWT_SECRET: secret, DATA_DIR: newTempDir(), DATABASE_POOL_SIZE: 'ten' })).toThrow(
      'DATABASE_POOL_SIZE must be a whole number, not "ten".',
    );
  });

  it('lays the demo accounts only when asked: never by default in production', async () => {
    const secret = 'x'.repeat(32);
    expect(configFromEnv({ JWT_SECRET: secret, DATA_DIR: newTempDir() }).seedDemo).toBe(true);
    expect(configFromEnv({ JWT_SECRET: secret, NODE_ENV: 'production', DATA_DIR: newTempDir() }).seedDemo).toBe(false);
    expect(configFromEnv({ JWT_SECRET: secret, NODE_ENV: 'production', SEED_DEMO: '1', DATA_DIR: newTempDir() }).seedDemo).toBe(true);
    expect(configFromEnv({ JWT_SECRET: secret, SEED_DEMO: '0', DATA_DIR: newTempDir() }).seedDemo).toBe(false);
    const bare = await startTestServer({ seedDemo: false });
    try {
      const { users } = (await (await fetch(`${bare.url}/api/users`)).json()) as { users: unknown[] };
      expect(users).toEqual([]);
      const login = await fetch(`${bare.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(GUEST_CREDENTIALS),
      });
      expect(login.status).toBe(404);
    } finally {
      await bare.stop();
    }
  });

  it('refuses a second server on the same PGlite folder, saying why', async () => {
    const dataDir = newTempDir();
    const first = await startTestServer({ dataDir });
    try {
      await expect(startTestServer({ dataDir })).rejects.toThrow(/in use by another Chirp server \(process \d+\)/);
    } finally {
      await first.stop();
    }
    // A lock left by a process that is gone (killed) is taken over.
    const stale = newTempDir();
    mkdirSync(join(stale, 'pglite'), { recursive: true });
    writeFileSync(join(stale, 'pglite', 'chirp-server.lock'), '999999999');
    const again = await startTestServer({ dataDir: stale });
    await again.stop();
  });
});
