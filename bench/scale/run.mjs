#!/usr/bin/env node
/**
 * Scale benchmark ("every answer bounded"): what a screen costs must depend on what it
 * shows, never on how big the network is. In one run, for PGlite (always) and PostgreSQL (when
 * DATABASE_URL is set: a fresh schema, dropped afterwards), at two sizes:
 *   - seed:  the demo seeds only (8 people, 16 posts);
 *   - large: + BENCH_USERS (10,000) users, BENCH_POSTS (100,000) posts, one post with 50,000 likes
 *     (moved to the top of the feed), one user with 9,999 followers, the 50 authors of the newest
 *     posts with 256 KB pictures (bench/support/scale-data.mjs, shared with bench:server); the guest
 *     account (the one logged in at both sizes) is followed by every bench user and follows 1,000; and two
 *     readers: `reader_shielded`, with 1,000 blocks (808 made by it, 192 of people blocking it)
 *     and 200 mutes, of the authors of the newest posts but the guest, so that the newest 1,200 or so posts
 *     but the guest's two are hidden from it, and `reader_open`, who hides nobody (seedShields);
 * it measures, against the API server spawned on that database and the production build deployed
 * (scripts/deploy.mjs) with its config.json pointing at it:
 *   1. log in → first post painted in Chromium (median of RUNS fresh contexts), and the API bytes
 *      the page received for it (JSON answers; the people's pictures counted apart);
 *   2. the compact answers of a like, a bookmark and a follow: their bytes (the guest's worst cases
 *      at both sizes, and the largest of every autocannon answer), their p99 under autocannon
 *      (large size; every like, bookmark and follow a fresh (user, item) pair);
 *   3. GET /api/posts?view=compact (a feed page): req/s and p99 under autocannon (and a
 *      search of posts for a word every post holds and for one only one post holds: p99), beside the same
 *      SQL straight through the driver (the ceiling, as bench:server measures it); and the
 *      notifications page of a user with BENCH_NOTIFICATIONS (10,000) notifications beside one with 10;
 *      3c. the feed page of `reader_shielded` beside `reader_open`'s: p99 and req/s under autocannon as
 *      figure 3, and one call first that must answer a full page (20 posts, a next cursor) with none by a
 *      hidden person; after the server stopped, each page's SQL one call at a time (median of 20) and the
 *      posts its scan read (EXPLAIN ANALYZE);
 *      and last, the large size grown to BENCH_TAG_POSTS (200,000) posts, a search for the `#tag` every
 *      post holds: p99 (the other figures stay at BENCH_POSTS, so the run is only a little longer);
 *   4. the JS heap (after a forced GC) once the home feed has scrolled to 100 and to 2,000 posts;
 * and then 5. the in-browser back end (Mirage, no server): log in → first post with its seeds and
 * with 5,000 posts in its storage.
 *
 *   npm run build && npm run bench:scale
 *   npm run bench:scale -- --following   (the Following figure alone: the large size, no browser)
 * Env: DATABASE_URL, RUNS (5), BENCH_USERS (10000), BENCH_POSTS (100000), BENCH_TAG_POSTS (200000), BENCH_SCROLL_POSTS (2000),
 * BENCH_SECONDS (5 per autocannon run), BENCH_CONNECTIONS (10), BENCH_BROWSER_POSTS (5000).
 * Writes bench/results/scale.json (and, when a journey fails, a screenshot in bench/results/scale-failures/).
 */
/* global window, document -- functions run in the page */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { deploy, freePort } from '../../scripts/deploy.mjs';
import { seedPostsInPage } from '../feed/seed-posts.mjs';
import { call, feedRequest, logInEach, logInThroughApi, runAutocannon, toggleRequests } from '../support/api-load.mjs';
import { launchChromium } from '../support/browser.mjs';
import { releaseAll, track } from '../support/cleanups.mjs';
import { median, round } from '../support/figures.mjs';
import { checkFewFollowing, checkFollowing, FEW_FOLLOWING_READER, followingFeed, followingPlan, seedFollowingReader } from './following.mjs';
import { GUEST, measureLogins, screenshotOnFailure, VIEWPORT } from '../support/login-journey.mjs';
import {
  addBenchPosts, BENCH_PASSWORD, enlargeForGuest, migrate, openDatabase, readFixtures, ROOT, seedIfEmpty, seedScale,
} from '../support/scale-data.mjs';

if (process.argv.includes('--images')) process.exit((await import('./images.mjs'), 0)); // the image bytes figure alone: bench/scale/images.mjs
const { spawnServer } = await import('../../server/src/__tests__/spawn-server.ts');
const { compactPostsWhere } = await import('../../server/src/db/compact.ts');
const { pageQuery } = await import('../../server/src/db/post-queries.ts');
const { LIMITS } = await import('@chirp/api-rules');

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const RUNS = env('RUNS', 5);
const USERS = env('BENCH_USERS', 10_000);
const POSTS = env('BENCH_POSTS', 100_000);
const TAG_POSTS = Math.max(POSTS, env('BENCH_TAG_POSTS', 200_000));
const SCROLL_POSTS = env('BENCH_SCROLL_POSTS', 2_000);
const SECONDS = env('BENCH_SECONDS', 5);
const CONNECTIONS = env('BENCH_CONNECTIONS', 10);
const BROWSER_POSTS = env('BENCH_BROWSER_POSTS', 5_000);
const NOTIFICATIONS = env('BENCH_NOTIFICATIONS', 10_000);
// The feed of a reader who hides people (figure 3c): BLOCKS blocks and MUTES mutes, fewer (in the same
// proportion) when the bench users are too few for them to be at most half of them (the quick checks).
const SHIELD_SCALE = Math.min(1, Math.floor(USERS / 2) / (1_000 + 200));
const BLOCKS = Math.floor(1_000 * SHIELD_SCALE);
const MUTES = Math.floor(200 * SHIELD_SCALE);
const RESULTS = join(ROOT, 'bench/results');
const FAILURES = join(RESULTS, 'scale-failures');
const TARGETS = {
  firstPostRatio: 1.2, apiKB: 100, answerBytes: 2048, p99Ms: 50, feedReqPerSec: 1000, feedShare: 60, heapRatio: 1.5, browserRatio: 1.3,
  notificationsRatio: 1.2,
};

if (!existsSync(join(ROOT, 'shell/dist/index.html'))) {
  console.error('No production build (shell/dist is missing): run `npm run build` first.');
  process.exit(1);
}

const log = (text) => console.info(`[${((performance.now() - startedAt) / 1000).toFixed(0).padStart(4)} s] ${text}`);
const startedAt = performance.now();

// ---------------------------------------------------------------------------------------------
// Databases

/**
 * Notifications: the two newest bench users (the first two of the load test's tokens) get notifications:
 * the first NOTIFICATIONS, the second 10, each a mention by a post's author (a third of them read).
 */
async function seedNotifications(sql) {
  const { rows } = await sql.query(`SELECT id::text FROM users WHERE username LIKE 'bench\\_%' ORDER BY seq DESC LIMIT 2`);
  for (const [user, count] of [[rows[0].id, NOTIFICATIONS], [rows[1].id, 10]]) {
    await sql.query(
      `INSERT INTO notifications (id, user_id, kind, grp, post_id, actor_ids, read, updated_at, updated_offset)
       SELECT gen_random_uuid(), $1::uuid, 'mention', 'mention:' || p.id, p.id, ARRAY[p.author_id], p.n % 3 = 0,
         now() - p.n * interval '1 minute', 0
       FROM (SELECT id, author_id, row_number() OVER (ORDER BY seq) AS n FROM posts WHERE author_id <> $1::uuid LIMIT $2) p`,
      [user, count],
    );
  }
}

/**
 * Figure 3c's two readers, not bench users (no posts, none of the load tests' people): `reader_open`, who
 * hides nobody, and `reader_shielded`, who hides BLOCKS + MUTES people: the authors of the newest posts but
 * the guest (seed people, then bench people, in the order of their newest post), so that all of the newest
 * posts but the guest's two are theirs and the shielded reader's first page is found past some 1,200 of
 * them. Every sixth is muted (MUTES), the others blocked (BLOCKS); a fifth of the blocks are the other way
 * (they block the reader, which hides them too), never by the load tests' people (`tokenUsers`), so that
 * nothing those do and no answer they get changes. Bulk SQL, a fraction of a second.
 */
async function seedShields(sql, { guestId, tokenUsers }) {
  const hiddenCount = BLOCKS + MUTES;
  return sql.transaction(async (tx) => {
    await tx.exec(
      `INSERT INTO users (id, username, first_name, last_name, password_hash, profile_pic, title, bio, website,
         created_at, created_offset, updated_at, updated_offset)
       SELECT gen_random_uuid(), r.name, 'Bench', 'Reader', b.password_hash, '/avatars/default.svg', 'Add title', 'Add bio',
         'Add website', timestamptz '2026-01-01 00:00:00+00', 0, timestamptz '2026-01-01 00:00:00+00', 0
       FROM (VALUES ('reader_shielded'), ('reader_open')) r (name), users b WHERE b.username = 'bench_1'`,
    );
    const readers = await tx.query(`SELECT id::text, username FROM users WHERE username IN ('reader_shielded', 'reader_open')`);
    const shielded = readers.rows.find((row) => row.username === 'reader_shielded').id;
    const open = readers.rows.find((row) => row.username === 'reader_open').id;
    await tx.query(
      `CREATE TEMP TABLE bench_hidden AS
       SELECT h.author_id AS id, CASE WHEN h.k % 6 = 5 AND h.k < $2::int * 6 THEN 'mute'
           WHEN h.k % 6 = 2 AND h.author_id <> ALL($3::uuid[]) THEN 'blocks reader' ELSE 'blocked' END AS how
       FROM (SELECT p.author_id, row_number() OVER (ORDER BY max(p.created_at) DESC, max(p.seq) DESC) - 1 AS k
             FROM posts p WHERE p.author_id <> $4::uuid AND p.reply_to IS NULL
             GROUP BY p.author_id ORDER BY k LIMIT $1::int) h`,
      [hiddenCount, MUTES, tokenUsers.map((user) => user.id), guestId],
    );
    await tx.query(`INSERT INTO mutes (muter_id, muted_id) SELECT $1::uuid, id FROM bench_hidden WHERE how = 'mute'`, [shielded]);
    await tx.query(
      `INSERT INTO blocks (blocker_id, blocked_id)
       SELECT CASE how WHEN 'blocked' THEN $1::uuid ELSE id END, CASE how WHEN 'blocked' THEN id ELSE $1::uuid END
       FROM bench_hidden WHERE how <> 'mute'`,
      [shielded],
    );
    const { rows } = await tx.query(`SELECT how, array_agg(id::text) AS ids FROM bench_hidden GROUP BY how`);
    await tx.exec('DROP TABLE bench_hidden');
    const of = (how) => rows.find((row) => row.how === how)?.ids ?? [];
    return {
      shielded: { id: shielded, username: 'reader_shielded' },
      open: { id: open, username: 'reader_open' },
      hiddenIds: rows.flatMap((row) => row.ids),
      mutes: of('mute').length,
      blocksByReader: of('blocked').length,
      blocksOfReader: of('blocks reader').length,
    };
  });
}

/**
 * A database at one size, the API server on it and a deployment of the build pointed at it. Answers
 * { seedSeconds, fixtures, shellUrl, apiUrl, stop(), serve(), stopServer(), withSql(work), remove() }:
 * `stop` ends the server and the deployment, `serve` starts the server again (on the same port) and
 * `stopServer` ends it alone, `withSql` opens the database while no server runs (PGlite: one process
 * per folder), `remove` drops the schema or the folder. All of them are also run on SIGINT / SIGTERM.
 */
async function startSize(database, size) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chirp-bench-scale-'));
  const schema = database === 'postgres' ? `bench_scale_${randomBytes(4).toString('hex')}` : undefined;
  const dbConfig = { databaseUrl: database === 'postgres' ? process.env.DATABASE_URL : undefined, databaseSchema: schema, dataDir };
  const withSql = async (work) => {
    const sql = await openDatabase(dbConfig);
    const closeSql = track(() => sql.close());
    try {
      return await work(sql);
    } finally {
      await closeSql();
    }
  };
  const remove = track(async () => {
    if (schema) await withSql((sql) => sql.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
    rmSync(dataDir, { recursive: true, force: true });
  });
  try {
    const seedStarted = performance.now();
    const fixtures = await withSql(async (sql) => {
      await migrate(sql);
      await seedIfEmpty(sql);
      if (size === 'large') {
        await seedScale(sql, { users: USERS, posts: POSTS, password: BENCH_PASSWORD });
        await enlargeForGuest(sql);
        await seedNotifications(sql);
        // As autovacuum leaves a table in service: its statistics, and its visibility map (an index-only
        // scan reads no table page for a row all transactions see). Right after a bulk seed neither exists.
        await sql.exec('VACUUM ANALYZE');
      }
      const read = await readFixtures(sql, size);
      if (size === 'large') {
        read.shields = await seedShields(sql, read);
        read.followingReader = await seedFollowingReader(sql);
        read.fewFollowingReader = await seedFollowingReader(sql, { follows: 10, username: FEW_FOLLOWING_READER });
        await sql.exec('VACUUM ANALYZE users, mutes, blocks, follows');
      }
      return read;
    });
    const seedSeconds = round((performance.now() - seedStarted) / 1000, 1);
    log(`${database}, ${size}: seeded in ${seedSeconds} s`);

    const port = await freePort();
    const apiUrl = `http://127.0.0.1:${port}`;
    const deployment = await deploy({ name: `bench-scale-${database}-${size}-${process.pid}`, config: { apiBaseUrl: apiUrl } });
    const closeDeployment = track(() => deployment.close());
    let stopServer = async () => {};
    const serve = async () => {
      const server = await spawnServer({
        PORT: String(port),
        DATA_DIR: dataDir,
        CORS_ORIGINS: deployment.urls.shell,
        ...(dbConfig.databaseUrl ? { DATABASE_URL: dbConfig.databaseUrl, DATABASE_SCHEMA: schema } : {}),
      });
      stopServer = track(() => server.stop());
    };
    try {
      await serve();
    } catch (error) {
      await closeDeployment();
      throw error;
    }
    const stop = async () => {
      await stopServer();
      await closeDeployment();
    };
    return { seedSeconds, fixtures, shellUrl: deployment.urls.shell, apiUrl, stop, serve, stopServer: () => stopServer(), withSql, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The browser

/** The JS heap (after a forced GC) once the home feed has loaded each of `marks` posts by scrolling. */
async function heapAfterScrolling(browser, shellUrl, marks, name) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  try {
    await page.goto(`${shellUrl}/`);
    await page.getByLabel('Email address').fill(GUEST.username);
    await page.getByLabel('Password', { exact: true }).fill(GUEST.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.locator('main article').first().waitFor({ timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    const heap = { articlesInDom: {} };
    const scrollStarted = Date.now();
    for (const mark of marks) {
      const until = Date.now() + 600_000;
      let last = 0;
      let stuckSince = Date.now();
      for (;;) {
        const reached = await page.evaluate(
          (wanted) => {
            window.scrollTo(0, document.documentElement.scrollHeight);
            const positions = [...document.querySelectorAll('main article[aria-posinset]')].map((article) => Number(article.getAttribute('aria-posinset')));
            return positions.includes(wanted) ? wanted : Math.max(0, ...positions);
          },
          mark,
        );
        if (reached === mark) break;
        if (reached !== last) [last, stuckSince] = [reached, Date.now()];
        if (Date.now() - stuckSince > 30_000) throw new Error(`The feed stopped at post ${last} (wanted ${mark})`);
        if (Date.now() > until) throw new Error(`The feed never reached post ${mark}`);
        await page.waitForTimeout(50);
      }
      await page.waitForTimeout(300); // the page just asked for settles
      await cdp.send('HeapProfiler.enable');
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      heap[mark] = round(usedSize / 1024 / 1024, 1);
      heap.articlesInDom[mark] = await page.locator('main article').count();
    }
    heap.scrollSeconds = round((Date.now() - scrollStarted) / 1000, 1);
    return heap;
  } catch (error) {
    throw await screenshotOnFailure(page, name, error, FAILURES);
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The API through HTTP

/** The guest's own answers: log in, a feed page, and the like, bookmark and follow of the worst cases. */
async function guestAnswers(apiUrl, fixtures) {
  const { token, bytes: login } = await logInThroughApi(apiUrl, GUEST.username, GUEST.password);
  const answers = { 'POST /api/auth/login?view=compact': { status: 200, bytes: login } };
  const calls = [
    ['GET', '/api/posts?view=compact'],
    ['POST', `/api/posts/like/${fixtures.guestLike}?view=compact`],
    ['POST', `/api/users/bookmark/${fixtures.guestLike}?view=compact`],
    ['POST', `/api/users/follow/${fixtures.guestFollow}?view=compact`],
  ];
  for (const [method, path] of calls) {
    const { status, bytes, text } = await call(apiUrl, method, path, token);
    if (status >= 300) throw new Error(`${method} ${path}: ${status} ${text.slice(0, 200)}`);
    answers[`${method} ${path.replace(fixtures.guestLike, '{id}').replace(fixtures.guestFollow, '{id}')}`] = { status, bytes };
  }
  return answers;
}

/** Autocannon on the compact calls at the large size (fresh (user, item) pairs for every change). */
async function loadTest(apiUrl, fixtures) {
  const tokens = await logInEach(apiUrl, fixtures.tokenUsers, BENCH_PASSWORD);
  const load = { connections: CONNECTIONS, seconds: SECONDS };
  const rows = [];
  log('  autocannon: GET /api/posts?view=compact');
  rows.push(await runAutocannon(apiUrl, 'GET /api/posts?view=compact', feedRequest(tokens[0]), load));
  rows.push(...(await shieldedFeed(apiUrl, fixtures, load)));
  rows.push(await followingFeed(apiUrl, fixtures.followingReader, load, log));
  // A search of posts, for a word every post holds (the planner's worst choice) and for one
  // that only one post holds. (The tag every post holds is searched at TAG_POSTS: tagSearchAtScale.)
  for (const [word, what] of [['nothing', 'every post'], ['31337', 'one post']]) {
    log(`  autocannon: GET /api/search/posts?q=${word}`);
    const search = { method: 'GET', path: `/api/search/posts?q=${word}&view=compact` };
    rows.push(await runAutocannon(apiUrl, `GET /api/search/posts?q=${word}&view=compact (${what})`, search, load));
  }
  // Notifications: the page of a user with NOTIFICATIONS beside one with 10. Both ask for a
  // page of 10 lines (all the second one has), so both answers carry as many lines and the ratio is
  // what the 10,000 stored lines cost.
  for (const [index, what] of [[0, `${NOTIFICATIONS} notifications`], [1, '10 notifications']]) {
    log(`  autocannon: GET /api/notifications?view=compact&limit=10 (${what})`);
    const page = { method: 'GET', path: '/api/notifications?view=compact&limit=10', headers: { authorization: tokens[index] } };
    rows.push(await runAutocannon(apiUrl, `GET /api/notifications?view=compact&limit=10 (${what})`, page, load));
  }
  for (const { call: name, request } of toggleRequests(tokens, fixtures)) {
    log(`  autocannon: ${name}`);
    rows.push(await runAutocannon(apiUrl, name, request, load));
  }
  return rows;
}

/**
 * Figure 3c: the feed page of `reader_open` (who hides nobody) and of `reader_shielded` (BLOCKS blocks and
 * MUTES mutes: the authors of the newest posts). One call each first, which must answer a full page and,
 * for the shielded reader, none of the hidden people's posts; then autocannon as figure 3.
 */
async function shieldedFeed(apiUrl, { shields }, load) {
  const hidden = new Set(shields.hiddenIds);
  const rows = [];
  for (const [reader, what] of [
    [shields.open, 'no blocks'],
    [shields.shielded, `${shields.blocksByReader + shields.blocksOfReader} blocks, ${shields.mutes} mutes`],
  ]) {
    const { token } = await logInThroughApi(apiUrl, reader.username, BENCH_PASSWORD);
    const answer = await call(apiUrl, 'GET', '/api/posts?view=compact', token);
    if (answer.status !== 200) throw new Error(`GET /api/posts?view=compact as ${reader.username}: ${answer.status} ${answer.text.slice(0, 200)}`);
    const { posts, nextCursor } = JSON.parse(answer.text);
    const page = { posts: posts.length, byHidden: posts.filter((post) => hidden.has(post.author._id)).length, nextCursor: nextCursor !== null, bytes: answer.bytes };
    const name = `GET /api/posts?view=compact (${reader.username}: ${what})`;
    log(`  autocannon: ${name}; its page: ${page.posts} posts, ${page.byHidden} by people the shielded reader hides`);
    rows.push({ ...(await runAutocannon(apiUrl, name, feedRequest(token), load)), reader: reader.username, page });
  }
  return rows;
}

/**
 * A search for the tag every bench post holds, at TAG_POSTS posts: the large size grown by bench posts
 * after its other figures were taken (so they stay at POSTS), the API server started again on it.
 */
async function tagSearchAtScale(large) {
  const grownSeconds = await large.withSql(async (sql) => {
    const started = performance.now();
    await addBenchPosts(sql, { from: POSTS + 1, to: TAG_POSTS, users: USERS });
    await sql.exec('ANALYZE posts');
    return round((performance.now() - started) / 1000, 1);
  });
  log(`  grown to ${TAG_POSTS} posts in ${grownSeconds} s; autocannon: GET /api/search/posts?q=%23alpha`);
  await large.serve();
  try {
    const search = { method: 'GET', path: '/api/search/posts?q=%23alpha&view=compact' };
    const row = await runAutocannon(large.apiUrl, `GET /api/search/posts?q=%23alpha&view=compact (the tag of every post, ${TAG_POSTS} posts)`, search, {
      connections: CONNECTIONS,
      seconds: SECONDS,
    });
    return { ...row, grownSeconds };
  } finally {
    await large.stopServer();
  }
}

/** The feed page's SQL straight through the driver, CONNECTIONS loops for SECONDS (bench:server's ceiling). */
async function driverCeiling(sql, fixtures) {
  const viewer = fixtures.tokenUsers[0].id;
  const latencies = [];
  const until = performance.now() + SECONDS * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const began = performance.now();
      await compactPostsWhere(sql, viewer, { origin: 'http://server' }, '', [], 'ORDER BY p.created_at DESC, p.seq DESC, p.id LIMIT 21');
      latencies.push(performance.now() - began);
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const elapsed = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    driver: {
      call: 'GET /api/posts?view=compact (its SQL through the driver)',
      reqPerSec: round(latencies.length / elapsed, 1),
      p50Ms: round(latencies[Math.floor(latencies.length * 0.5)], 2),
      p99Ms: round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))], 2),
    },
  };
}

/**
 * Each figure 3c reader's feed page, after the server stopped: its SQL (compactPostsWhere with pageQuery's
 * condition, as the server sends it) one call at a time, the median of 20 (`queryMs`), and the posts the
 * scan of `posts` read to find the page (EXPLAIN ANALYZE of its inner query, without timing).
 */
async function feedPlans(sql, { shields }) {
  const plans = {};
  for (const reader of [shields.open, shields.shielded]) {
    const request = { sort: 'latest', page: { limit: LIMITS.defaultPageSize } };
    const { condition, params, tail } = pageQuery({ replies: 'none', hiddenFor: reader.id, viewer: reader.id }, request);
    const times = [];
    for (let run = 0; run <= 20; run += 1) {
      const began = performance.now();
      await compactPostsWhere(sql, reader.id, { origin: 'http://server' }, condition, [...params], tail);
      if (run > 0) times.push(performance.now() - began); // the first one warms
    }
    const { rows } = await sql.query(`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) SELECT * FROM posts p ${condition} ${tail}`, params);
    const raw = Object.values(rows[0])[0];
    const [{ Plan: plan }] = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const nodes = [];
    const walk = (node) => {
      nodes.push(node);
      (node.Plans ?? []).forEach(walk);
    };
    walk(plan);
    const scan = nodes.find((node) => node['Relation Name'] === 'posts' && node.Alias === 'p');
    plans[reader.username] = {
      queryMs: round(median(times), 2),
      scan: `${scan?.['Node Type']}${scan?.['Index Name'] ? ` on ${scan['Index Name']}` : ''}`,
      postsRead: (scan?.['Actual Rows'] ?? 0) + (scan?.['Rows Removed by Filter'] ?? 0),
    };
  }
  return plans;
}

// ---------------------------------------------------------------------------------------------
// The run

const report = {
  date: new Date().toISOString(),
  node: process.version,
  runs: RUNS,
  users: USERS,
  posts: POSTS,
  tagSearchPosts: TAG_POSTS,
  scrollPosts: SCROLL_POSTS,
  browserPosts: BROWSER_POSTS,
  secondsPerLoadTest: SECONDS,
  connections: CONNECTIONS,
  targets: TARGETS,
  server: {},
  inBrowser: {},
};
if (process.argv.includes('--following')) {
  // The Following figure alone (`npm run bench:scale -- --following`): the large size, no browser.
  const rows = [];
  const check = (figure, value, target, pass) => rows.push({ figure, value, target, result: pass ? 'pass' : 'MISS' });
  try {
    for (const database of ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])]) {
      log(`${database}, large: seeding ${USERS} users, ${POSTS} posts…`);
      const large = await startSize(database, 'large');
      try {
        const row = await followingFeed(large.apiUrl, large.fixtures.followingReader, { connections: CONNECTIONS, seconds: SECONDS }, log);
        await large.stop();
        const plan = await large.withSql((sql) => followingPlan(sql, large.fixtures.followingReader));
        checkFollowing(check, database, row, plan, TARGETS.p99Ms);
        checkFewFollowing(check, database, await large.withSql((sql) => followingPlan(sql, large.fixtures.fewFollowingReader)), plan);
      } finally {
        await large.stop();
        await large.remove();
      }
    }
  } finally {
    await releaseAll();
  }
  console.table(rows);
  process.exit(rows.every((row) => row.result === 'pass') ? 0 : 1);
}

const browser = await launchChromium(chromium);
const closeBrowser = track(() => browser.close());
let failure;
try {
  const databases = ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];
  for (const database of databases) {
    const sizes = {};
    try {
      for (const size of ['seed', 'large']) {
        log(`${database}, ${size}: seeding${size === 'large' ? ` ${USERS} users, ${POSTS} posts` : ''}…`);
        sizes[size] = await startSize(database, size);
      }
      const { seed, large } = sizes;
      log(`${database}: ${RUNS} log ins → first post at each size, in turns`);
      const logins = await measureLogins(
        browser,
        ['seed', 'large'].map((key) => ({ key, shellUrl: sizes[key].shellUrl, apiOrigin: sizes[key].apiUrl })),
        { name: database, runs: RUNS, failures: FAILURES },
      );
      for (const key of ['seed', 'large']) {
        const got = logins[key];
        log(`  ${key}: ${got.firstPostMs} ms (${got.runsMs.join(', ')}), API ${got.apiKB} KB in ${got.apiCalls} calls, pictures ${got.picturesKB} KB`);
      }
      const results = { seed: { seedSeconds: seed.seedSeconds, ...logins.seed }, large: { seedSeconds: large.seedSeconds, ...logins.large } };
      results.seed.guestAnswers = await guestAnswers(seed.apiUrl, seed.fixtures);
      await seed.stop();
      log(`${database}, large: scrolling the home feed to 100, then ${SCROLL_POSTS} posts`);
      results.large.heapMB = await heapAfterScrolling(browser, large.shellUrl, [100, SCROLL_POSTS], `${database}-heap`);
      log(`  heap ${JSON.stringify(results.large.heapMB)}`);
      results.large.guestAnswers = await guestAnswers(large.apiUrl, large.fixtures);
      const { blocksByReader, blocksOfReader, mutes } = large.fixtures.shields;
      results.large.shields = { blocksByReader, blocksOfReader, mutes };
      results.large.loadTest = await loadTest(large.apiUrl, large.fixtures);
      await large.stop();
      log(`${database}, large: the feed page's SQL through the driver`);
      Object.assign(results.large, await large.withSql((sql) => driverCeiling(sql, large.fixtures)));
      results.large.feedPlans = await large.withSql((sql) => feedPlans(sql, large.fixtures));
      results.large.followingPlan = await large.withSql((sql) => followingPlan(sql, large.fixtures.followingReader));
      results.large.fewFollowingPlan = await large.withSql((sql) => followingPlan(sql, large.fixtures.fewFollowingReader));
      log(`  the feed page's posts query: ${JSON.stringify(results.large.feedPlans)}`);
      log(`${database}, large: growing to ${TAG_POSTS} posts for the #tag search`);
      results.large.loadTest.push(await tagSearchAtScale(large));
      report.server[database] = {
        ...results,
        firstPostRatio: round(results.large.firstPostMs / results.seed.firstPostMs, 2),
        heapRatio: round(results.large.heapMB[SCROLL_POSTS] / results.large.heapMB[100], 2),
      };
    } finally {
      for (const size of Object.values(sizes).reverse()) {
        await size.stop();
        await size.remove();
      }
    }
  }

  // The in-browser back end (MirageJS in the page): its seeds, then BROWSER_POSTS posts in its storage.
  const deployment = await deploy({ name: `bench-scale-browser-${process.pid}`, config: { mockDelayMs: 0 } });
  const closeDeployment = track(() => deployment.close());
  try {
    log(`in-browser back end: ${RUNS} log ins with the seeds and with ${BROWSER_POSTS} posts, in turns`);
    const { seed, large } = await measureLogins(
      browser,
      [
        { key: 'seed', shellUrl: deployment.urls.shell },
        { key: 'large', shellUrl: deployment.urls.shell, prepare: (page) => seedPostsInPage(page, BROWSER_POSTS) },
      ],
      { name: 'browser', runs: RUNS, failures: FAILURES },
    );
    report.inBrowser = { seed, large, firstPostRatio: round(large.firstPostMs / seed.firstPostMs, 2) };
  } finally {
    await closeDeployment();
  }
} catch (error) {
  failure = error;
} finally {
  await closeBrowser();
  await releaseAll();
}
report.seconds = round((performance.now() - startedAt) / 1000);

// ---------------------------------------------------------------------------------------------
// Report: each figure beside its target.
const rows = [];
const check = (figure, value, target, pass) => rows.push({ figure, value, target, result: pass === undefined ? '' : pass ? 'pass' : 'MISS' });
for (const [database, result] of Object.entries(report.server)) {
  const { seed, large } = result;
  check(`${database}: log in → first post`, `${seed.firstPostMs} → ${large.firstPostMs} ms (${result.firstPostRatio}×)`, `large ≤ ${TARGETS.firstPostRatio}× seed`, result.firstPostRatio <= TARGETS.firstPostRatio);
  check(
    `${database}: API bytes for it`,
    `${seed.apiKB} → ${large.apiKB} KB (${large.apiCalls} calls; pictures apart ${seed.picturesKB} → ${large.picturesKB} KB)`,
    `≤ ${TARGETS.apiKB} KB`,
    large.apiKB <= TARGETS.apiKB && seed.apiKB <= TARGETS.apiKB,
  );
  for (const [name, answer] of Object.entries(large.guestAnswers)) {
    if (!name.startsWith('POST') || name.includes('/auth/')) continue;
    const before = seed.guestAnswers[name]?.bytes;
    check(`${database}: ${name} answer (guest, worst case)`, `${before} → ${answer.bytes} B`, `≤ ${TARGETS.answerBytes} B`, answer.bytes <= TARGETS.answerBytes && before <= TARGETS.answerBytes);
  }
  check(`${database}: log in answer (guest)`, `${seed.guestAnswers['POST /api/auth/login?view=compact'].bytes} → ${large.guestAnswers['POST /api/auth/login?view=compact'].bytes} B`, '(information)', undefined);
  for (const row of large.loadTest ?? []) {
    const failed = row.non2xx || row.errors ? ` ${row.non2xx} non-2xx, ${row.errors} errors!` : '';
    if (row.reader || row.following) continue; // figure 3c and the Following page, below
    if (row.call.startsWith('GET /api/notifications')) {
      check(`${database}: ${row.call}`, `mean ${row.meanMs} ms, p99 ${row.p99Ms} ms (${row.reqPerSec} req/s)${failed}`, '(ratio below)', failed ? false : undefined);
    } else if (row.call.startsWith('GET /api/search')) {
      check(`${database}: ${row.call} p99`, `${row.p99Ms} ms (p50 ${row.p50Ms}, ${row.reqPerSec} req/s)${failed}`, `≤ ${TARGETS.p99Ms} ms`, row.p99Ms <= TARGETS.p99Ms && !failed);
    } else if (row.call.startsWith('POST')) {
      check(`${database}: ${row.call} p99`, `${row.p99Ms} ms (p50 ${row.p50Ms}, ${row.reqPerSec} req/s)${failed}`, `≤ ${TARGETS.p99Ms} ms`, row.p99Ms <= TARGETS.p99Ms && !failed);
      check(`${database}: ${row.call} largest answer`, `${row.largestAnswerBytes} B`, `≤ ${TARGETS.answerBytes} B`, row.largestAnswerBytes <= TARGETS.answerBytes);
    } else {
      const share = large.driver ? Math.round((100 * row.reqPerSec) / large.driver.reqPerSec) : 0;
      check(
        `${database}: ${row.call}`,
        `${row.reqPerSec} req/s, p99 ${row.p99Ms} ms (${share}% of the driver's ${large.driver?.reqPerSec} req/s, p99 ${large.driver?.p99Ms} ms)${failed}`,
        `≥ ${TARGETS.feedReqPerSec} req/s or ≥ ${TARGETS.feedShare}% of the driver`,
        (row.reqPerSec >= TARGETS.feedReqPerSec || share >= TARGETS.feedShare) && !failed,
      );
      row.shareOfDriver = share;
    }
  }
  checkFollowing(check, database, large.loadTest?.find((row) => row.following), large.followingPlan, TARGETS.p99Ms);
  checkFewFollowing(check, database, large.fewFollowingPlan, large.followingPlan);
  const [open, shielded] = (large.loadTest ?? []).filter((row) => row.reader);
  if (open && shielded) {
    const ratio = round(shielded.p99Ms / open.p99Ms, 2);
    result.shieldedFeedP99Ratio = ratio;
    const failed = [open, shielded].some((row) => row.non2xx || row.errors) ? ' (non-2xx or errors!)' : '';
    const [openPlan, shieldedPlan] = [open, shielded].map((row) => large.feedPlans?.[row.reader]);
    const plans = shieldedPlan ? `; its SQL ${openPlan.queryMs} → ${shieldedPlan.queryMs} ms, reading ${openPlan.postsRead} → ${shieldedPlan.postsRead} posts` : '';
    check(
      `${database}: feed page, ${shielded.call.replace(/.*: (.*)\)$/, '$1')} vs none`,
      `p99 ${open.p99Ms} → ${shielded.p99Ms} ms (${ratio}×; ${open.reqPerSec} → ${shielded.reqPerSec} req/s); page ${shielded.page.posts} posts, ${shielded.page.byHidden} hidden (none: ${open.page.byHidden} of ${open.page.posts})${plans}${failed}`,
      `${LIMITS.defaultPageSize} posts, 0 hidden; p99 ≤ ${TARGETS.p99Ms} ms`,
      shielded.page.posts === LIMITS.defaultPageSize && shielded.page.byHidden === 0 && shielded.page.nextCursor && shielded.p99Ms <= TARGETS.p99Ms && !failed,
    );
  }
  const [many, few] = (large.loadTest ?? []).filter((row) => row.call.startsWith('GET /api/notifications'));
  if (many && few) {
    const ratio = round(many.meanMs / few.meanMs, 2);
    result.notificationsRatio = ratio;
    check(`${database}: notifications page (10 lines), ${NOTIFICATIONS} vs 10 notifications`, `${few.meanMs} → ${many.meanMs} ms mean (${ratio}×)`, `≤ ${TARGETS.notificationsRatio}×`, ratio <= TARGETS.notificationsRatio);
  }
  check(
    `${database}: JS heap, ${SCROLL_POSTS} posts vs 100`,
    `${large.heapMB[100]} → ${large.heapMB[SCROLL_POSTS]} MB (${result.heapRatio}×)`,
    `≤ ${TARGETS.heapRatio}×`,
    result.heapRatio <= TARGETS.heapRatio,
  );
}
if (report.inBrowser.seed) {
  const { seed, large, firstPostRatio } = report.inBrowser;
  check(`in-browser: log in → first post, ${BROWSER_POSTS} posts vs seeds`, `${seed.firstPostMs} → ${large.firstPostMs} ms (${firstPostRatio}×)`, `≤ ${TARGETS.browserRatio}×`, firstPostRatio <= TARGETS.browserRatio);
  check(`in-browser: page load → the app took the login form over (before the clock)`, `${seed.loginFormMs} → ${large.loginFormMs} ms`, '(information)', undefined);
}
// Live updates: 1,000 streams on one instance (bench/scale/live.mjs).
if (!failure) {
  try {
    const { runLiveBench } = await import('./live.mjs');
    report.live = await runLiveBench();
    check(
      `${report.live.database}: a post reaches ${report.live.clients} live streams`,
      `p99 ${report.live.deliveryMs.p99} ms, ${report.live.kibPerConnection} KiB per connection`,
      `p99 ≤ ${report.live.targetP99Ms} ms`,
      report.live.met,
    );
  } catch (error) {
    failure = error;
  }
}
report.table = rows;
if (failure) report.failure = failure.stack ?? String(failure);
mkdirSync(RESULTS, { recursive: true });
writeFileSync(join(RESULTS, 'scale.json'), `${JSON.stringify(report, null, 2)}\n`);
if (rows.length) console.table(rows);
console.info(`Wrote bench/results/scale.json (${report.seconds} s in all)`);
if (failure) {
  console.error(`\nThe run failed: ${failure.stack ?? failure}`);
  process.exit(1);
}
