#!/usr/bin/env node
/**
 * The `#tag` search at scale, alone: bench:scale's last figure (a search for the tag every post holds,
 * at BENCH_TAG_POSTS posts) without the rest of its run, for a quick look on a quiet machine.
 *
 *   DATABASE_URL=… node bench/scale/tag-search.mjs
 * PostgreSQL (a fresh schema, dropped afterwards); without DATABASE_URL, PGlite in a temporary folder.
 * Env: BENCH_TAG_POSTS (200000), BENCH_USERS (1000), BENCH_SECONDS (5), BENCH_CONNECTIONS (10), RUNS (3:
 * autocannon runs, the median p99 reported). Writes bench/results/tag-search.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/deploy.mjs';
import { runAutocannon } from '../support/api-load.mjs';
import { releaseAll, track } from '../support/cleanups.mjs';
import { round } from '../support/figures.mjs';
import { addBenchPosts, migrate, openDatabase, ROOT, seedIfEmpty } from '../support/scale-data.mjs';

const { spawnServer } = await import('../../server/src/__tests__/spawn-server.ts');

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const POSTS = env('BENCH_TAG_POSTS', 200_000);
const USERS = env('BENCH_USERS', 1_000);
const SECONDS = env('BENCH_SECONDS', 5);
const CONNECTIONS = env('BENCH_CONNECTIONS', 10);
const RUNS = env('RUNS', 3);
const TARGET_P99_MS = 50;

const log = (text) => console.info(`[bench:tag-search] ${text}`);
const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const dataDir = mkdtempSync(join(tmpdir(), 'chirp-bench-tags-'));
const schema = database === 'postgres' ? `bench_tags_${randomBytes(4).toString('hex')}` : undefined;
const dbConfig = { databaseUrl: process.env.DATABASE_URL, databaseSchema: schema, dataDir };

async function withSql(work) {
  const sql = await openDatabase(dbConfig);
  try {
    return await work(sql);
  } finally {
    await sql.close();
  }
}

let result;
let plan = [];
try {
  track(async () => {
    if (schema) await withSql((sql) => sql.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
    rmSync(dataDir, { recursive: true, force: true });
  });
  const started = performance.now();
  await withSql(async (sql) => {
    await migrate(sql);
    await seedIfEmpty(sql);
    await sql.query(
      `INSERT INTO users (id, username, first_name, last_name, password_hash, profile_pic, title, bio, website,
         created_at, created_offset, updated_at, updated_offset)
       SELECT gen_random_uuid(), 'bench_' || g, 'Bench', 'User ' || g, 'not a hash', '/avatars/default.svg', '', '', '',
         now(), 0, now(), 0 FROM generate_series(1, $1::int) AS g`,
      [USERS],
    );
    await addBenchPosts(sql, { from: 1, to: POSTS, users: USERS });
    await sql.exec('ANALYZE');
    // The page's posts alone, as the search reads them (newest first): its plan and time.
    const { rows } = await sql.query(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) SELECT * FROM posts p WHERE p.tags @> ARRAY['alpha']::text[]
         ORDER BY p.created_at DESC, p.seq DESC, p.id LIMIT 21`,
    );
    plan = rows.map((row) => row['QUERY PLAN']);
    for (const line of plan) log(`  plan: ${line}`);
  });
  const seedSeconds = round((performance.now() - started) / 1000, 1);
  log(`${database}: ${POSTS} posts, each holding #alpha, in ${seedSeconds} s`);

  const port = await freePort();
  const server = await spawnServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(schema ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
  });
  const stopServer = track(() => server.stop());
  const apiUrl = `http://127.0.0.1:${port}`;
  const search = { method: 'GET', path: '/api/search/posts?q=%23alpha&view=compact' };
  // One short warm-up (the server's caches, PostgreSQL's buffers), then the measured runs.
  await runAutocannon(apiUrl, 'warm-up', search, { connections: CONNECTIONS, seconds: 1 });
  // Beside each run, the feed page (the same compact page without the search) in the same conditions:
  // on a small, noisy machine the ratio says more than either figure.
  const feed = { method: 'GET', path: '/api/posts?view=compact' };
  const runs = [];
  const feedRuns = [];
  for (let run = 0; run < RUNS; run += 1) {
    const row = await runAutocannon(apiUrl, `GET ${search.path} (${POSTS} posts)`, search, { connections: CONNECTIONS, seconds: SECONDS });
    log(`  run ${run + 1}: ${row.reqPerSec} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, non-2xx ${row.non2xx}`);
    runs.push(row);
    const feedRow = await runAutocannon(apiUrl, `GET ${feed.path} (${POSTS} posts)`, feed, { connections: CONNECTIONS, seconds: SECONDS });
    log(`    the feed page: ${feedRow.reqPerSec} req/s, p50 ${feedRow.p50Ms} ms, p99 ${feedRow.p99Ms} ms`);
    feedRuns.push(feedRow);
  }
  await stopServer();
  const p99s = runs.map((row) => row.p99Ms).sort((a, b) => a - b);
  const medianP99 = p99s[Math.floor(p99s.length / 2)];
  const feedP99s = feedRuns.map((row) => row.p99Ms).sort((a, b) => a - b);
  const feedMedianP99 = feedP99s[Math.floor(feedP99s.length / 2)];
  log(`the feed page's median p99 in the same runs: ${feedMedianP99} ms (the search: ${round(medianP99 / feedMedianP99, 2)}× it)`);
  const failed = [...runs, ...feedRuns].some((row) => row.non2xx > 0 || row.errors > 0);
  result = { database, posts: POSTS, plan, connections: CONNECTIONS, seconds: SECONDS, seedSeconds, runs, feedRuns, medianP99Ms: medianP99, feedMedianP99Ms: feedMedianP99, targetP99Ms: TARGET_P99_MS };
  log(`median p99 ${medianP99} ms (target ≤ ${TARGET_P99_MS} ms): ${medianP99 <= TARGET_P99_MS && !failed ? 'pass' : 'MISS'}`);
  if (failed) process.exitCode = 1;
} finally {
  await releaseAll();
}
if (result) {
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/tag-search.json'), `${JSON.stringify({ ...result, measuredAt: new Date().toISOString() }, null, 2)}\n`);
}
