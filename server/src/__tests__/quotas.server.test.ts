// @vitest-environment node
/**
 * Per-user quotas (uploads per hour, posts per minute, reports per hour, mention notifications per minute), also under a
 * burst (quota-bursts.ts, on PGlite here), and the sweep of uploads nobody used.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { folderStore } from '../image-store';
import { QUOTA_ERRORS, sweepUnusedUploads, uploadNameOf } from '../quotas';
import { defineQuotaBursts } from './quota-bursts';
import { SAMPLE_IMAGES, startTestServer, TEST_QUOTAS, uploadImage, type TestServer } from './test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function start(quotas: Partial<TestServer['config']['quotas']>) {
  await server?.stop();
  server = await startTestServer({ quotas: { ...TEST_QUOTAS, ...quotas } });
  const answer = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(GUEST_CREDENTIALS),
  });
  return ((await answer.json()) as { encodedToken: string }).encodedToken;
}

const post = (token: string, content: string, image?: string, more: string[] = []) =>
  fetch(`${server!.url}/api/posts?view=compact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ postData: { content, image, ...(more.length ? { images: [image, ...more].map((url) => ({ image: url })) } : {}) } }),
  });

// Each test starts a server or two: PGlite's start takes long on a busy machine.
describe('quotas', { timeout: 180_000 }, () => {
  it('answers 429 with Retry-After past the posts per minute', async () => {
    const token = await start({ postsPerMinute: 3 });
    for (let index = 0; index < 3; index += 1) expect((await post(token, `Post ${index}`)).status).toBe(201);
    const refused = await post(token, 'One too many');
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({ errors: [QUOTA_ERRORS.posts(seconds)] });
  });

  it('answers 429 with Retry-After past the reports per hour; a refused report does not count', async () => {
    const token = await start({ reportsPerHour: 2 });
    const report = (postId: string) =>
      fetch(`${server!.url}/api/posts/report/${postId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({ reason: 'spam' }),
      });
    const feed = (await (await fetch(`${server!.url}/api/posts?view=compact&limit=10`)).json()) as { posts: { _id: string; username: string }[] };
    const others = feed.posts.filter((entry) => entry.username !== GUEST_CREDENTIALS.username).map((entry) => entry._id);
    expect((await report('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    for (const postId of others.slice(0, 2)) expect((await report(postId)).status).toBe(201);
    const refused = await report(others[2]!);
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(60);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toEqual({ errors: [QUOTA_ERRORS.reports(Math.ceil(seconds / 60))] });
  });

  it('answers 429 past the uploads per hour, by count and by bytes', async () => {
    const token = await start({ uploadsPerHour: 2, uploadBytesPerHour: 1_000_000 });
    expect((await uploadImage(server!.url, SAMPLE_IMAGES.png, { token })).status).toBe(201);
    expect((await uploadImage(server!.url, SAMPLE_IMAGES.gif, { token })).status).toBe(201);
    const third = await uploadImage(server!.url, SAMPLE_IMAGES.jpg, { token });
    expect(third.status).toBe(429);
    expect(third.body.errors?.[0]).toMatch(/^You have uploaded too many images this hour\. Try again in \d+ minutes?\.$/);

    const bytesToken = await start({ uploadsPerHour: 100, uploadBytesPerHour: 100 });
    expect((await uploadImage(server!.url, SAMPLE_IMAGES.png, { token: bytesToken })).status).toBe(201);
    expect((await uploadImage(server!.url, SAMPLE_IMAGES.png, { token: bytesToken })).status).toBe(429);
  });
});

describe('unused uploads', { timeout: 180_000 }, () => {
  it('are removed after the grace period; those a post (as any of its images) or a profile uses stay', async () => {
    const token = await start({});
    const urls: string[] = [];
    for (const bytes of [SAMPLE_IMAGES.png, SAMPLE_IMAGES.gif, SAMPLE_IMAGES.jpg, SAMPLE_IMAGES.png]) {
      urls.push((await uploadImage(server!.url, bytes, { token })).body.url!);
    }
    const [unused, onPost, onProfile, secondOnPost] = urls as [string, string, string, string];
    expect((await post(token, 'With two pictures', onPost, [secondOnPost])).status).toBe(201);
    const edit = await fetch(`${server!.url}/api/users/edit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ userData: { profilePic: onProfile } }),
    });
    expect(edit.status).toBe(201);
    const store = folderStore(server!.config);
    const file = (url: string) => join(server!.config.uploadsDir, uploadNameOf(url));
    // Within the grace period nothing goes.
    expect(await sweepUnusedUploads(server!.sql, store, 3_600_000)).toEqual([]);
    expect(await sweepUnusedUploads(server!.sql, store, 0)).toEqual([uploadNameOf(unused)]);
    expect(existsSync(file(unused))).toBe(false);
    expect(existsSync(file(onPost))).toBe(true);
    expect(existsSync(file(secondOnPost))).toBe(true);
    expect(existsSync(file(onProfile))).toBe(true);
    expect((await fetch(unused)).status).toBe(404);
  });
});

defineQuotaBursts('PGlite');
