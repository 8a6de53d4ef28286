#!/usr/bin/env node
/**
 * Live updates at scale: BENCH_LIVE_CLIENTS (1,000) clients hold GET /api/events open on
 * one API server instance (PostgreSQL when DATABASE_URL is set, in a fresh schema dropped afterwards;
 * PGlite otherwise); BENCH_LIVE_POSTS (10) posts are made one after another through the API, and for
 * each the time from sending it to each client receiving its event is taken. Reports delivery p50 /
 * p99 / max over every (post, client) pair, and the server's memory per connection: its resident set
 * (VmRSS, /proc) once BENCH_LIVE_CLIENTS more streams are connected, minus the same before them,
 * divided by their number (the second thousand: the server is warm, so start-up allocations that
 * the runtime gives back later do not count).
 *
 * First, like counts (the scoped delivery): BENCH_LIVE_LIKE_STREAMS (200) streams of one person, of
 * which BENCH_LIVE_WATCHERS (5) name the liked posts as shown (PUT /api/events/{streamId}/posts) and
 * the others name other posts; another person likes and dislikes BENCH_LIVE_LIKE_LOOPS (4) posts in
 * as many loops for BENCH_LIVE_LIKE_SECONDS (5) s, once with no stream open and once with them. Reports
 * the bytes each stream received per like (those showing the posts, the others, all) and the likes
 * per second without and with the streams, beside the same figures taken by this bench on the code
 * before the delivery was scoped (every like to every stream).
 *
 *   npm run bench:live            (also run at the end of npm run bench:scale, on each database)
 * Writes bench/results/live.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/deploy.mjs';
import { openDatabase, ROOT } from '../support/scale-data.mjs';

const { spawnServer } = await import('../../server/src/__tests__/spawn-server.ts');

const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 1000);
const POSTS = Number(process.env.BENCH_LIVE_POSTS ?? 10);
const GUEST = { username: 'guestuser', password: 'guest@chirp1' };
const TARGET_P99_MS = 1000;
const LIKE_STREAMS = Number(process.env.BENCH_LIVE_LIKE_STREAMS ?? 200);
const WATCHERS = Number(process.env.BENCH_LIVE_WATCHERS ?? 5);
const LIKE_LOOPS = Number(process.env.BENCH_LIVE_LIKE_LOOPS ?? 4);
const LIKE_SECONDS = Number(process.env.BENCH_LIVE_LIKE_SECONDS ?? 5);
/** Posts every stream names beside the liked ones (a screen of a feed). */
const OTHER_POSTS = 20;
/**
 * This bench's likes phase on the code before (every like to every stream): PGlite, 200 streams, 8 s,
 * on the 2 shared cores where the figures after were taken; likes per second vary by a third from run
 * to run there, bytes do not.
 */
const BEFORE = { bytesPerStreamPerLike: { all: 295.3 }, bytesPerLikeAllStreams: 59065, likesPerSecond: { withoutStreams: 26, with200Streams: 9 } };

const round = (value, digits = 0) => Number(value.toFixed(digits));
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const residentKiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
const settle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One client: a raw HTTP stream; notes when each post's event arrived (it may come before the post's own answer). */
function connect(apiUrl, token, agent) {
  return new Promise((resolve, reject) => {
    const waiting = new Map();
    const arrived = new Map();
    let text = '';
    let streamId;
    const request = http.get(`${apiUrl}/api/events`, { agent, headers: { authorization: token, accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`GET /api/events answered ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        const now = performance.now();
        client.bytes += Buffer.byteLength(chunk);
        text += chunk;
        streamId ??= /"streamId":"([^"]+)"/.exec(text)?.[1];
        if (text.includes('event: ready')) resolve(client);
        for (const [, postId] of text.matchAll(/"postId":"([^"]+)"/g)) {
          if (arrived.has(postId)) continue;
          arrived.set(postId, now);
          waiting.get(postId)?.(now);
          waiting.delete(postId);
        }
        // Keep only the unfinished tail: an event split between two chunks is still read.
        const end = text.lastIndexOf('\n\n');
        if (end >= 0) text = text.slice(end + 2);
      });
    });
    request.on('error', reject);
    const client = {
      /** Bytes received so far (the tests reset it). */
      bytes: 0,
      /** The stream's id, from its first message (none on a server before the scoped delivery). */
      get streamId() {
        return streamId;
      },
      /** Resolves with the time the event naming `postId` arrived. */
      heard: (postId) => (arrived.has(postId) ? Promise.resolve(arrived.get(postId)) : new Promise((done) => waiting.set(postId, done))),
      close: () => request.destroy(),
    };
  });
}

async function call(apiUrl, path, token, body, method = 'POST') {
  const response = await fetch(`${apiUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

/** Likes and dislikes `postIds`, one loop per post, for `seconds`: answers how many per second were answered. */
async function likeLoops(apiUrl, token, postIds, seconds) {
  let count = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    postIds.map(async (postId) => {
      const toggle = (liked) => call(apiUrl, `/posts/${liked ? 'dislike' : 'like'}/${postId}?view=compact`, token, {});
      let liked = false;
      for (; performance.now() < end; liked = !liked, count += 1) await toggle(liked);
      // As it was, for the next run.
      if (liked) await toggle(liked);
    }),
  );
  return count / ((end - started) / 1000);
}

/** The likes phase (see the top of this file), on streams of `token`'s person; they are closed after. */
async function measureLikes(apiUrl, token, connectMore) {
  // Neither the author nor the liker is the streams' person: their streams hear no unread count
  // and no like of their own, only other people's likes.
  const signUp = async (role) =>
    (
      await call(apiUrl, '/auth/signup', undefined, {
        username: `bench.${role}.${randomBytes(3).toString('hex')}`,
        password: 'bench live password',
        firstName: 'Bench',
        lastName: role,
      })
    ).encodedToken;
  const [author, liker] = [await signUp('author'), await signUp('liker')];
  const newPost = async (content) => (await call(apiUrl, '/posts?view=compact', author, { postData: { content } })).post._id;
  const liked = [];
  for (let index = 0; index < LIKE_LOOPS; index += 1) liked.push(await newPost(`liked live ${index}`));
  const others = [];
  for (let index = 0; index < OTHER_POSTS; index += 1) others.push(await newPost(`shown live ${index}`));

  const withoutStreams = await likeLoops(apiUrl, liker, liked, LIKE_SECONDS);
  const streams = await connectMore(LIKE_STREAMS);
  try {
    await Promise.all(
      streams.map((stream, index) =>
        stream.streamId === undefined
          ? null
          : call(apiUrl, `/events/${stream.streamId}/posts`, token, { postIds: index < WATCHERS ? [...liked, ...others] : others }, 'PUT'),
      ),
    );
    await settle(500);
    streams.forEach((stream) => (stream.bytes = 0));
    const started = performance.now();
    const withStreams = await likeLoops(apiUrl, liker, liked, LIKE_SECONDS);
    const likes = Math.round((withStreams * (performance.now() - started)) / 1000);
    // Counts held back by the pacing go out within a second.
    await settle(1500);
    const perLike = (group) => round(group.reduce((sum, stream) => sum + stream.bytes, 0) / group.length / likes, 1);
    return {
      streams: LIKE_STREAMS,
      showingTheLikedPosts: WATCHERS,
      likes,
      bytesPerStreamPerLike: { showing: perLike(streams.slice(0, WATCHERS)), others: perLike(streams.slice(WATCHERS)), all: perLike(streams) },
      bytesPerLikeAllStreams: round(streams.reduce((sum, stream) => sum + stream.bytes, 0) / likes),
      likesPerSecond: { withoutStreams: round(withoutStreams), [`with${LIKE_STREAMS}Streams`]: round(withStreams) },
    };
  } finally {
    streams.forEach((stream) => stream.close());
  }
}

export async function runLiveBench() {
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? `bench_live_${randomBytes(4).toString('hex')}` : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'chirp-bench-live-'));
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const server = await spawnServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    // One account holds every stream here (signing up 1,000 people would measure scrypt).
    LIVE_STREAMS_PER_USER: String(CLIENTS * 2 + 10),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
  });
  const clients = [];
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  try {
    const { encodedToken: token } = await call(apiUrl, '/auth/login', undefined, GUEST);
    const connectMore = async (count) => {
      const more = [];
      for (let index = 0; index < count; index += 50) {
        more.push(...(await Promise.all(Array.from({ length: Math.min(50, count - index) }, () => connect(apiUrl, token, agent)))));
      }
      return more;
    };
    const likes = await measureLikes(apiUrl, token, connectMore);
    await settle(1000);
    const connectStarted = performance.now();
    clients.push(...(await connectMore(CLIENTS)));
    const connectSeconds = (performance.now() - connectStarted) / 1000;

    const delivery = [];
    for (let index = 0; index < POSTS; index += 1) {
      const sent = performance.now();
      const { post } = await call(apiUrl, '/posts?view=compact', token, { postData: { content: `live bench ${index}` } });
      const byId = clients.map((client) => client.heard(post._id));
      const times = await Promise.race([
        Promise.all(byId),
        settle(30_000).then(() => {
          throw new Error('Not every client heard the post within 30 s');
        }),
      ]);
      delivery.push(...times.map((time) => time - sent));
    }
    delivery.sort((a, b) => a - b);
    await settle(1000);
    const before = residentKiB(server.child.pid);
    clients.push(...(await connectMore(CLIENTS)));
    await settle(1000);
    const after = residentKiB(server.child.pid);
    const result = {
      database: databaseUrl ? 'postgres' : 'pglite',
      clients: CLIENTS,
      posts: POSTS,
      connectSeconds: round(connectSeconds, 1),
      deliveryMs: { p50: round(percentile(delivery, 50)), p99: round(percentile(delivery, 99)), max: round(delivery[delivery.length - 1]) },
      targetP99Ms: TARGET_P99_MS,
      met: percentile(delivery, 99) <= TARGET_P99_MS,
      serverRssMiB: { [`with${CLIENTS}`]: round(before / 1024, 1), [`with${CLIENTS * 2}`]: round(after / 1024, 1) },
      kibPerConnection: round((after - before) / CLIENTS, 1),
      likes: { ...likes, before: BEFORE },
    };
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench/results/live.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.info(
      `live (${result.database}): ${CLIENTS} streams on one instance, ${POSTS} posts: delivery p50 ${result.deliveryMs.p50} ms, ` +
        `p99 ${result.deliveryMs.p99} ms (aim ≤ ${TARGET_P99_MS}), max ${result.deliveryMs.max} ms; ` +
        `server memory ${round(before / 1024, 1)} → ${round(after / 1024, 1)} MiB from ${CLIENTS} to ${CLIENTS * 2} streams (${result.kibPerConnection} KiB per connection)`,
    );
    const perStream = likes.bytesPerStreamPerLike;
    const likesPerSecond = Object.values(likes.likesPerSecond);
    const beforePerSecond = Object.values(BEFORE.likesPerSecond);
    console.info(
      `live likes (${result.database}): ${likes.streams} streams, ${likes.showingTheLikedPosts} showing the liked posts, ${likes.likes} likes and dislikes: ` +
        `${perStream.all} B per stream per like (showing ${perStream.showing} B, the others ${perStream.others} B; before: ${BEFORE.bytesPerStreamPerLike.all} B each), ` +
        `${likes.bytesPerLikeAllStreams} B per like to all streams (before: ${BEFORE.bytesPerLikeAllStreams} B); ` +
        `likes/s ${likesPerSecond[0]} without streams, ${likesPerSecond[1]} with them (before: ${beforePerSecond[0]} → ${beforePerSecond[1]})`,
    );
    return result;
  } finally {
    clients.forEach((client) => client.close());
    await server.stop();
    if (schema) {
      const sql = await openDatabase({ databaseUrl, databaseSchema: schema, dataDir });
      await sql.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await sql.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runLiveBench();
  if (!result.met) process.exitCode = 1;
}
