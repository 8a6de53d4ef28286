#!/usr/bin/env node
/**
 * How large the spec's answers get when the network is heavy: 50 people, each with a 256 KB
 * picture, like the 20 newest posts. Prints the bytes of a spec-form feed page
 * (`GET /api/posts?limit=20`), of the whole list (`GET /api/posts`), of a like's answer, and of the
 * compact page, against the API server as its own process (PGlite in a temp folder, or DATABASE_URL).
 * The budget: a 20-post page at most 300 KB. Before pictures were named by URL, eight such people
 * made the same page 31.6 MB.
 *
 *   node bench/server/answer-size.mjs     (also run at the end of npm run bench:server)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from '../support/server-process.mjs';

const PEOPLE = 50;
const PAGE_BUDGET = 300 * 1024;
const dataDir = mkdtempSync(join(tmpdir(), 'chirp-answer-size-'));
const schema = process.env.DATABASE_URL ? `bench_${randomBytes(4).toString('hex')}` : undefined;

const { url, stop } = await spawnServer({ DATA_DIR: dataDir, SEED_DEMO: '1', ...(schema ? { DATABASE_SCHEMA: schema } : {}) });

async function call(method, path, { token, body } = {}) {
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
  return { bytes: Buffer.byteLength(text), body: JSON.parse(text) };
}

try {
  // A 256 KB PNG-typed payload: the back end checks the prefix and the size, not the pixels.
  const picture = `data:image/png;base64,${'A'.repeat(Math.floor((256 * 1024 * 4) / 3 / 4) * 4 - 8)}`;
  const people = [];
  for (let index = 0; index < PEOPLE; index += 1) {
    const { body } = await call('POST', '/auth/signup', {
      body: { username: `heavy_${index}`, password: 'long enough', firstName: 'Heavy', lastName: `Person ${index}`, profilePic: picture },
    });
    people.push(body.encodedToken);
  }
  for (let index = 0; index < 4; index += 1) await call('POST', '/posts', { token: people[0], body: { postData: { content: `Post ${index}` } } });
  const { body: newest } = await call('GET', '/posts?limit=20');
  await Promise.all(people.map(async (token) => {
    for (const post of newest.posts) await call('POST', `/posts/like/${post._id}`, { token });
  }));

  const page = await call('GET', '/posts?limit=20');
  const whole = await call('GET', '/posts');
  const like = await call('POST', `/posts/dislike/${newest.posts[0]._id}`, { token: people[1] });
  const compact = await call('GET', '/posts?view=compact&limit=20', { token: people[1] });
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.info(`\nAnswer sizes with ${PEOPLE} likers who each have a 256 KB picture (20 newest posts liked by all):`);
  console.info(`  spec form, GET /api/posts?limit=20   ${kb(page.bytes)}   (budget ${kb(PAGE_BUDGET)})`);
  console.info(`  spec form, GET /api/posts (whole)    ${kb(whole.bytes)}   (${whole.body.posts.length} posts)`);
  console.info(`  spec form, a like's answer           ${kb(like.bytes)}`);
  console.info(`  compact, a 20-post page              ${kb(compact.bytes)}`);
  if (page.bytes > PAGE_BUDGET) {
    console.error(`The spec-form feed page is over its budget (${kb(page.bytes)} > ${kb(PAGE_BUDGET)}).`);
    process.exitCode = 1;
  }
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
