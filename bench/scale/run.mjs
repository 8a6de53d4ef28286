#!/usr/bin/env node
/**
 * Scale benchmark (issue 11): what a screen costs must depend on what it shows, never on how big the
 * network is. In one run, the production build (deployed as scripts/deploy.mjs deploys it) against
 * the API server on PGlite, and on PostgreSQL when DATABASE_URL names one, at two sizes:
 *   - seed: the demo data only (8 people, 16 posts);
 *   - large: 10,000 users, 100,000 posts, one post with 50,000 likes, one user with 9,999 followers
 *     and the 50 authors of the newest posts with 256 KB pictures (bench/support/scale-data.mjs).
 * For each: log in → first post painted (median of RUNS fresh browser contexts) and the API bytes
 * it took; at the large size also the JS heap after scrolling the home feed to 100 and to 2,000 posts.
 * Then the in-browser back end: log in → first post with its seeds and with 5,000 posts.
 * The server's own figures (autocannon on the compact calls, beside the driver) are bench:server's,
 * run by this script on the same databases unless BENCH_SERVER=0.
 *
 *   npm run build && npm run bench:scale
 * Env: RUNS (default 5), BENCH_USERS, BENCH_POSTS, BENCH_SCROLL_POSTS (default 2000), BENCH_SERVER.
 * Writes bench/results/scale.json.
 */
/* global window, document, requestAnimationFrame, MutationObserver -- functions run in the page */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { deploy, freePort } from '../../scripts/deploy.mjs';
import { seedPostsInBrowser } from '../feed/seed-posts.mjs';
import { launchChromium } from '../support/browser.mjs';
import { migrate, openDatabase, ROOT, seedIfEmpty, seedScale } from '../support/scale-data.mjs';

const { spawnServer } = await import('../../server/src/__tests__/spawn-server.ts');

const RUNS = Number(process.env.RUNS ?? 5);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const SCROLL_POSTS = Number(process.env.BENCH_SCROLL_POSTS ?? 2_000);
const BROWSER_POSTS = 5_000;
const GUEST = { username: 'guestuser', password: 'guest@chirp1' }; // shared/src/constants.ts
const VIEWPORT = { width: 1280, height: 900 };

if (!existsSync(join(ROOT, 'shell/dist/index.html'))) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value, digits = 0) => Number(value.toFixed(digits));

/**
 * Log in → first post: from the click on Log in to the first <article> painted, and the bytes of
 * every API answer on the way (bodies as received), in a fresh context each time.
 */
async function logInToFirstPost(browser, shellUrl, apiOrigin, prepare) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
    await page.goto(`${shellUrl}/`);
    await page.getByLabel('Email address').waitFor();
    if (prepare) {
      await prepare(page);
      await page.reload();
      await page.getByLabel('Email address').waitFor();
    }
    await page.getByLabel('Email address').fill(GUEST.username);
    await page.getByLabel('Password', { exact: true }).fill(GUEST.password);
    // The API's answers (JSON), and apart from them the people's pictures it serves as images.
    const bytes = { api: 0, pictures: 0 };
    let counting = true;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const kinds = new Map();
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      if (!apiOrigin || !request.url.startsWith(`${apiOrigin}/api/`)) return;
      kinds.set(requestId, /\/api\/users\/[^/]+\/picture/.test(request.url) ? 'pictures' : 'api');
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const kind = kinds.get(requestId);
      if (counting && kind) bytes[kind] += encodedDataLength;
    });
    await page.evaluate(() => {
      window.__firstPostAt = null;
      new MutationObserver((_records, observer) => {
        if (!document.querySelector('main article')) return;
        observer.disconnect();
        requestAnimationFrame(() => (window.__firstPostAt = performance.now()));
      }).observe(document, { childList: true, subtree: true });
    });
    const clickedAt = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForFunction(() => window.__firstPostAt !== null, null, { timeout: 60_000 });
    const firstPostAt = await page.evaluate(() => window.__firstPostAt);
    await page.waitForTimeout(200); // answers still arriving for the first screen are counted too
    counting = false;
    return { ms: firstPostAt - clickedAt, bytes };
  } finally {
    await context.close();
  }
}

async function measureLogins(browser, shellUrl, apiOrigin, prepare) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await logInToFirstPost(browser, shellUrl, apiOrigin, prepare));
  return {
    firstPostMs: round(median(runs.map((run) => run.ms))),
    runsMs: runs.map((run) => round(run.ms)),
    apiKB: apiOrigin ? round(median(runs.map((run) => run.bytes.api)) / 1024, 1) : undefined,
    picturesKB: apiOrigin ? round(median(runs.map((run) => run.bytes.pictures)) / 1024, 1) : undefined,
  };
}

/** The JS heap (after a forced GC) once the home feed has loaded `total` posts by scrolling. */
async function heapAfterScrolling(browser, shellUrl, marks) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(`${shellUrl}/`);
    await page.getByLabel('Email address').fill(GUEST.username);
    await page.getByLabel('Password', { exact: true }).fill(GUEST.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.locator('main article').first().waitFor();
    const cdp = await context.newCDPSession(page);
    const heap = {};
    for (const mark of marks) {
      const until = Date.now() + 600_000;
      while ((await page.locator(`main article[aria-posinset="${mark}"]`).count()) === 0) {
        if (Date.now() > until) throw new Error(`The feed never reached post ${mark}`);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(50);
      }
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      heap[mark] = round(usedSize / 1024 / 1024, 1);
    }
    return heap;
  } finally {
    await context.close();
  }
}

/** A database at one size, the API server on it and a deployment of the build pointed at it. */
async function withServer(database, size, work) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chirp-bench-scale-'));
  const schema = database === 'postgres' ? `bench_scale_${randomBytes(4).toString('hex')}` : undefined;
  const dbConfig = { databaseUrl: database === 'postgres' ? process.env.DATABASE_URL : undefined, databaseSchema: schema, dataDir };
  const seedStarted = performance.now();
  let sql = await openDatabase(dbConfig);
  await migrate(sql);
  await seedIfEmpty(sql);
  if (size === 'large') {
    await seedScale(sql, { users: USERS, posts: POSTS, password: 'bench@pass1' });
    await sql.exec('ANALYZE');
  }
  const seedSeconds = round((performance.now() - seedStarted) / 1000, 1);
  await sql.close(); // PGlite allows one process per folder: the server opens it next
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const deployment = await deploy({ name: `bench-scale-${database}-${size}`, config: { apiBaseUrl: apiUrl } });
  let server;
  try {
    server = await spawnServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      CORS_ORIGINS: deployment.urls.shell,
      ...(dbConfig.databaseUrl ? { DATABASE_URL: dbConfig.databaseUrl, DATABASE_SCHEMA: schema } : {}),
    });
    return { seedSeconds, ...(await work(deployment.urls.shell, apiUrl)) };
  } finally {
    await server?.stop();
    await deployment.close();
    if (schema) {
      sql = await openDatabase(dbConfig);
      await sql.exec(`DROP SCHEMA ${schema} CASCADE`);
      await sql.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const browser = await launchChromium(chromium);
const report = { date: new Date().toISOString(), node: process.version, runs: RUNS, users: USERS, posts: POSTS, server: {}, inBrowser: {} };
try {
  const databases = ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];
  for (const database of databases) {
    const results = {};
    for (const size of ['seed', 'large']) {
      console.info(`${database}, ${size}: seeding, then ${RUNS} log ins…`);
      results[size] = await withServer(database, size, async (shellUrl, apiUrl) => {
        const logins = await measureLogins(browser, shellUrl, apiUrl);
        const heapMB = size === 'large' ? await heapAfterScrolling(browser, shellUrl, [100, SCROLL_POSTS]) : undefined;
        return { ...logins, heapMB };
      });
      console.info(`  ${JSON.stringify(results[size])}`);
    }
    const { seed, large } = results;
    report.server[database] = {
      ...results,
      firstPostRatio: round(large.firstPostMs / seed.firstPostMs, 2),
      heapRatio: round(large.heapMB[SCROLL_POSTS] / large.heapMB[100], 2),
    };
  }

  // The in-browser back end (MirageJS in the page): its seeds, then 5,000 posts in its storage.
  const deployment = await deploy({ name: 'bench-scale-browser', config: { mockDelayMs: 0 } });
  try {
    console.info(`in-browser back end: ${RUNS} log ins with the seeds, then with ${BROWSER_POSTS} posts…`);
    const seed = await measureLogins(browser, deployment.urls.shell);
    const large = await measureLogins(browser, deployment.urls.shell, undefined, (page) =>
      page.evaluate(seedPostsInBrowser, { total: BROWSER_POSTS }),
    );
    report.inBrowser = { seed, [`posts${BROWSER_POSTS}`]: large, firstPostRatio: round(large.firstPostMs / seed.firstPostMs, 2) };
  } finally {
    await deployment.close();
  }
} finally {
  await browser.close();
}

// The server's own figures, on the same databases (a run of bench:server each).
if (process.env.BENCH_SERVER !== '0') {
  for (const database of Object.keys(report.server)) {
    console.info(`bench:server on ${database} (compact calls)…`);
    const env = { ...process.env, BENCH_WRITES: '0', BENCH_SECONDS: process.env.BENCH_SECONDS ?? '5' };
    if (database === 'pglite') delete env.DATABASE_URL;
    const result = spawnSync(process.execPath, [join(ROOT, 'bench/server/run.mjs')], { cwd: ROOT, env, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`bench:server failed on ${database}`);
    const { runs } = JSON.parse(readFileSync(join(ROOT, 'bench/results/server.json'), 'utf8'));
    const compact = runs[database].table.filter((row) => row.call.includes('view=compact'));
    report.server[database].calls = compact;
  }
}

// Report: each figure beside its target.
const rows = [];
const check = (figure, value, target, pass) => rows.push({ figure, value, target, result: pass ? 'pass' : 'MISS' });
for (const [database, result] of Object.entries(report.server)) {
  check(`${database}: log in → first post, seed`, `${result.seed.firstPostMs} ms`, '', true);
  check(`${database}: log in → first post, large`, `${result.large.firstPostMs} ms (${result.firstPostRatio}×)`, '≤ 1.2× seed', result.firstPostRatio <= 1.2);
  check(
    `${database}: API bytes for it, large`,
    `${result.large.apiKB} KB (pictures apart: ${result.large.picturesKB} KB)`,
    '≤ 100 KB',
    result.large.apiKB <= 100,
  );
  check(
    `${database}: JS heap after ${SCROLL_POSTS} posts vs 100`,
    `${result.large.heapMB[SCROLL_POSTS]} / ${result.large.heapMB[100]} MB (${result.heapRatio}×)`,
    '≤ 1.5×',
    result.heapRatio <= 1.5,
  );
  for (const call of result.calls ?? []) {
    const isChange = call.call.startsWith('POST');
    if (isChange) {
      check(`${database}: ${call.call} answer`, `${call['bytes/response']} B`, '≤ 2 KB', call['bytes/response'] <= 2048);
      check(`${database}: ${call.call} p99`, `${call['HTTP p99 ms']} ms`, '≤ 50 ms', call['HTTP p99 ms'] <= 50);
    } else if (call.call.startsWith('GET /api/posts')) {
      const share = Number.parseInt(call['HTTP/driver'], 10);
      check(
        `${database}: ${call.call}`,
        `${call['HTTP req/s']} req/s (${call['HTTP/driver']} of the driver), p99 ${call['HTTP p99 ms']} ms`,
        '≥ 1000 req/s or ≥ 60% of the driver; p99 ≤ 50 ms',
        (call['HTTP req/s'] >= 1000 || share >= 60) && call['HTTP p99 ms'] <= 50,
      );
    }
  }
}
const browserRatio = report.inBrowser.firstPostRatio;
check(
  `in-browser: log in → first post, ${BROWSER_POSTS} posts vs seeds`,
  `${report.inBrowser[`posts${BROWSER_POSTS}`].firstPostMs} / ${report.inBrowser.seed.firstPostMs} ms (${browserRatio}×)`,
  '≤ 1.3×',
  browserRatio <= 1.3,
);
console.table(rows);
report.table = rows;
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, 'bench/results/scale.json'), `${JSON.stringify(report, null, 2)}\n`);
console.info('Wrote bench/results/scale.json');
