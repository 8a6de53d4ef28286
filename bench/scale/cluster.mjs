#!/usr/bin/env node
/**
 * The local cluster beside one instance: what the extra hops cost. One cluster (deploy/local-cluster/cluster.mjs: HAProxy → 3 API
 * instances → PgBouncer in transaction mode → PostgreSQL primary + streaming replica) on ports and a folder of its own,
 * with bench:scale's large data (bench/support/scale-data.mjs) written to the primary, and, once the replica has
 * replayed it, the same figures taken in turns through HAProxy (3 instances) and straight at instance 1 (the same
 * database, the same pooler, the same replica): one run on one machine, so the ratios mean something.
 *   1. log in → first post in Chromium: the cluster's shell (config.json → HAProxy) vs a deployment of the build whose
 *      config.json points at instance 1, taken in turns (bench/support/login-journey.mjs, as bench:scale);
 *   2. GET /api/posts?view=compact signed in (a feed page): req/s, p50, p99 under autocannon at each of
 *      BENCH_FEED_CONNECTIONS (10 and 50) connections;
 *   3. the compact like, bookmark and follow: p99 (and req/s) under autocannon, every change a fresh (user, item) pair
 *      (bench:server's pairing), and meanwhile the replica's lag, sampled every 100 ms: WAL bytes the replica had not
 *      replayed (its pg_last_wal_replay_lsn() read, then the primary's pg_current_wal_lsn(): an upper bound), the
 *      primary's pg_stat_replication.replay_lag, and now() - pg_last_xact_replay_timestamp() on the replica.
 * Autocannon figures are the median of BENCH_ROUNDS rounds, the order of the two targets swapped each round.
 *
 *   npm run build && npm run bench:cluster
 * Env: RUNS (5), BENCH_USERS (10000), BENCH_POSTS (100000), BENCH_SECONDS (5 per autocannon run),
 * BENCH_CONNECTIONS (10, the writes), BENCH_FEED_CONNECTIONS (10,50), BENCH_ROUNDS (3).
 * Writes bench/results/cluster.json (and, when a journey fails, a screenshot in bench/results/cluster-failures/).
 */
import { existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startCluster, stopCluster } from '../../deploy/local-cluster/cluster.mjs';
import { deploy, freePort } from '../../scripts/deploy.mjs';
import { feedRequest, logInEach, runAutocannon, toggleRequests } from '../support/api-load.mjs';
import { launchChromium } from '../support/browser.mjs';
import { releaseAll, track } from '../support/cleanups.mjs';
import { median, percentile, round } from '../support/figures.mjs';
import { measureLogins } from '../support/login-journey.mjs';
import { BENCH_PASSWORD, enlargeForGuest, openDatabase, readFixtures, ROOT, seedScale } from '../support/scale-data.mjs';

const { GENEROUS_LIMITS } = await import('../../server/src/__tests__/spawn-server.ts');

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const RUNS = env('RUNS', 5);
const USERS = env('BENCH_USERS', 10_000);
const POSTS = env('BENCH_POSTS', 100_000);
const SECONDS = env('BENCH_SECONDS', 5);
const CONNECTIONS = env('BENCH_CONNECTIONS', 10);
const FEED_CONNECTIONS = (process.env.BENCH_FEED_CONNECTIONS ?? '10,50').split(',').map(Number).filter((count) => count > 0);
const ROUNDS = env('BENCH_ROUNDS', 3);
const LAG_SAMPLE_MS = 100;
const RESULTS = join(ROOT, 'bench/results');
const FAILURES = join(RESULTS, 'cluster-failures');

if (!existsSync(join(ROOT, 'shell/dist/index.html'))) {
  console.error('No production build (shell/dist is missing): run `npm run build` first.');
  process.exit(1);
}

/**
 * When each build was written: the static servers serve the remotes from their dist/ folders, so a `npm run build`
 * made meanwhile (by other work on the machine) takes their files away under a journey.
 */
const BUILDS = ['shell', 'auth-remote', 'feed-remote', 'profile-remote', 'notifications-remote'];
const buildTimes = () => BUILDS.map((name) => statSync(join(ROOT, name, 'dist'), { throwIfNoEntry: false })?.mtimeMs ?? 0).join(',');
const buildsAtStart = buildTimes();

const startedAt = performance.now();
const log = (text) => console.info(`[${((performance.now() - startedAt) / 1000).toFixed(0).padStart(4)} s] ${text}`);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Ports nobody listens on now, none twice. */
async function distinctPorts(count) {
  const ports = new Set();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

// ---------------------------------------------------------------------------------------------
// The replica

/** A WAL position ('16/B374D848') as a number of bytes. */
const lsnBytes = (lsn) => {
  const [high, low] = lsn.split('/');
  return Number((BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`));
};

/** Waits until the replica has replayed all the primary has written so far; answers how long that took (s). */
async function replicaCaughtUp(primary, replica, timeoutMs = 600_000) {
  const began = performance.now();
  const { rows } = await primary.query('SELECT pg_current_wal_lsn()::text AS lsn');
  for (;;) {
    const { rows: replayed } = await replica.query('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [rows[0].lsn]);
    if (replayed[0].done) return round((performance.now() - began) / 1000, 1);
    if (performance.now() - began > timeoutMs) throw new Error(`The replica did not replay up to ${rows[0].lsn} in ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** Samples the replica's lag every LAG_SAMPLE_MS until the answered function is called; that answers the summary. */
function sampleLag(primary, replica) {
  const samples = [];
  let sampling = true;
  const loop = (async () => {
    while (sampling) {
      const next = sleep(LAG_SAMPLE_MS);
      // The replica first: the primary's position read after it makes the byte gap an upper bound.
      const { rows: [standby] } = await replica.query(
        `SELECT pg_last_wal_replay_lsn()::text AS lsn, extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000 AS since_ms`,
      );
      const { rows: [source] } = await primary.query(
        `SELECT pg_current_wal_lsn()::text AS lsn, (SELECT extract(epoch FROM replay_lag) * 1000 FROM pg_stat_replication LIMIT 1) AS replay_lag_ms`,
      );
      samples.push({
        bytes: Math.max(0, lsnBytes(source.lsn) - lsnBytes(standby.lsn)),
        sinceLastReplayMs: Number(standby.since_ms),
        replayLagMs: source.replay_lag_ms === null ? 0 : Number(source.replay_lag_ms),
      });
      await next;
    }
  })();
  return async () => {
    sampling = false;
    await loop;
    const spread = (key, digits = 0) => {
      const sorted = samples.map((sample) => sample[key]).sort((a, b) => a - b);
      return { p50: round(percentile(sorted, 50), digits), p99: round(percentile(sorted, 99), digits), max: round(sorted.at(-1), digits) };
    };
    return { samples: samples.length, bytes: spread('bytes'), replayLagMs: spread('replayLagMs', 1), sinceLastReplayMs: spread('sinceLastReplayMs', 1) };
  };
}

// ---------------------------------------------------------------------------------------------
// HAProxy's view

/** Each instance as HAProxy sees it: status, how often its health checks took it out, and for how long (s). */
async function balancerInstances(ports) {
  const [header, ...lines] = (await (await fetch(`http://127.0.0.1:${ports.stats}/;csv`)).text()).split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const instances = {};
  for (const line of lines) {
    const row = Object.fromEntries(line.split(',').map((value, index) => [columns[index], value]));
    if (row.pxname === 'api_instances' && row.svname && !['BACKEND', 'FRONTEND'].includes(row.svname)) {
      instances[row.svname] = { status: row.status, timesDown: Number(row.chkdown), downSeconds: Number(row.downtime) };
    }
  }
  return instances;
}

/**
 * Waits until HAProxy has seen every instance up for `steadyMs` in a row. Right after the bulk load the machine is busy
 * (the replica replays it, autovacuum reads it) and an instance's /ready can miss HAProxy's 1 s checks: while all are
 * out, HAProxy answers 503 with no CORS header, and a log in fails.
 */
async function balancerSteady(ports, steadyMs = 5_000, timeoutMs = 180_000) {
  const began = performance.now();
  let upSince = performance.now();
  for (;;) {
    const instances = Object.values(await balancerInstances(ports));
    if (!instances.every((instance) => instance.status === 'UP')) upSince = performance.now();
    else if (performance.now() - upSince >= steadyMs) return round((performance.now() - began) / 1000, 1);
    if (performance.now() - began > timeoutMs) throw new Error(`HAProxy did not see every instance up for ${steadyMs / 1000} s in a row within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

// ---------------------------------------------------------------------------------------------
// Autocannon in turns

/**
 * `rounds` rounds of `request` on each target ({ key, url }), the order swapped each round; answers per target the
 * median of each figure and every run. `during()` may start something for each run; what it answers is called after it.
 */
async function inTurns(targets, name, request, { connections, during } = {}) {
  const runs = Object.fromEntries(targets.map((target) => [target.key, []]));
  for (let turn = 0; turn < ROUNDS; turn += 1) {
    for (const target of turn % 2 ? [...targets].reverse() : targets) {
      const finish = during?.();
      const row = await runAutocannon(target.url, name, request, { connections, seconds: SECONDS });
      if (finish) row.replicaLag = await finish();
      runs[target.key].push(row);
    }
  }
  return Object.fromEntries(
    targets.map((target) => {
      const rows = runs[target.key];
      const middle = (key) => median(rows.map((row) => row[key]));
      return [
        target.key,
        {
          call: name,
          connections,
          reqPerSec: middle('reqPerSec'),
          p50Ms: middle('p50Ms'),
          p99Ms: middle('p99Ms'),
          non2xx: rows.reduce((sum, row) => sum + row.non2xx, 0),
          errors: rows.reduce((sum, row) => sum + row.errors, 0),
          ...(rows[0].replicaLag ? { replicaLag: worstLag(rows.map((row) => row.replicaLag)) } : {}),
          runs: rows,
        },
      ];
    }),
  );
}

/** The worst of several lag summaries, figure by figure. */
function worstLag(summaries) {
  const worst = {};
  for (const key of ['bytes', 'replayLagMs', 'sinceLastReplayMs']) {
    worst[key] = Object.fromEntries(['p50', 'p99', 'max'].map((p) => [p, Math.max(...summaries.map((summary) => summary[key][p]))]));
  }
  return { samples: summaries.reduce((sum, summary) => sum + summary.samples, 0), ...worst };
}

// ---------------------------------------------------------------------------------------------
// The run

const report = {
  date: new Date().toISOString(),
  node: process.version,
  cores: availableParallelism(),
  /** Other work on the machine weighs on every figure: the 1-minute load average at the start and at the end. */
  loadAverage: { start: round(loadavg()[0], 2) },
  runs: RUNS,
  users: USERS,
  posts: POSTS,
  secondsPerLoadTest: SECONDS,
  rounds: ROUNDS,
  connections: CONNECTIONS,
  feedConnections: FEED_CONNECTIONS,
};
let failure;
try {
  // The deployment pointed at instance 1 first: the instances must allow its origin.
  const [lb, stats, api1, api2, api3, pgbouncer, primaryPort, replicaPort, shell, auth, feed, profile, notifications] = await distinctPorts(13);
  const ports = { lb, stats, api: [api1, api2, api3], pgbouncer, primary: primaryPort, replica: replicaPort, shell, auth, feed, profile, notifications };
  const oneInstanceApi = `http://localhost:${api1}`;
  const deployment = await deploy({ name: `bench-cluster-${process.pid}`, config: { apiBaseUrl: oneInstanceApi } });
  track(() => deployment.close());

  const dir = mkdtempSync(join(tmpdir(), 'chirp-bench-cluster-'));
  log(`starting the cluster in ${dir}…`);
  // Stopped and its folder removed whatever happens, a start that failed half-way included (cluster.stop does the same).
  const stopAndRemove = track(() => stopCluster({ dir, remove: true }));
  const cluster = await startCluster({
    dir,
    ports,
    // The guest's journeys: the demo accounts, which a cluster lays only when asked.
    extraEnv: { ...GENEROUS_LIMITS, SEED_DEMO: '1' },
    corsOrigins: [`http://localhost:${shell}`, `http://127.0.0.1:${shell}`, deployment.urls.shell],
  });
  log(`cluster up: HAProxy ${cluster.apiUrl} → ${cluster.instanceUrls.join(', ')}`);

  const primary = await openDatabase({ databaseUrl: cluster.primaryUrl });
  const closePrimary = track(() => primary.close());
  const replica = await openDatabase({ databaseUrl: cluster.replicaUrl });
  const closeReplica = track(() => replica.close());

  log(`seeding ${USERS} users, ${POSTS} posts on the primary…`);
  const seedStarted = performance.now();
  await seedScale(primary, { users: USERS, posts: POSTS, password: BENCH_PASSWORD });
  await enlargeForGuest(primary);
  await primary.exec('ANALYZE');
  report.seedSeconds = round((performance.now() - seedStarted) / 1000, 1);
  report.replicaCatchUpSeconds = await replicaCaughtUp(primary, replica);
  const counted = async (sql) => Number((await sql.query('SELECT count(*)::int AS n FROM posts')).rows[0].n);
  report.postsOnReplica = await counted(replica);
  log(`seeded in ${report.seedSeconds} s; the replica replayed it ${report.replicaCatchUpSeconds} s later (${report.postsOnReplica} posts there)`);
  const fixtures = await readFixtures(primary, 'large');
  report.steadySeconds = await balancerSteady(ports);
  report.balancerBefore = await balancerInstances(ports);
  log(`HAProxy has seen the three instances up for 5 s (after ${report.steadySeconds} s)`);

  // 1. Log in → first post, in turns.
  const browser = await launchChromium(chromium);
  const closeBrowser = track(() => browser.close());
  log(`${RUNS} log ins → first post through HAProxy and at instance 1, in turns`);
  report.firstPost = await measureLogins(
    browser,
    [
      { key: 'cluster', shellUrl: cluster.shellUrl, apiOrigin: cluster.apiUrl },
      { key: 'one', shellUrl: deployment.urls.shell, apiOrigin: oneInstanceApi },
    ],
    { name: 'cluster', runs: RUNS, failures: FAILURES },
  );
  await closeBrowser();
  for (const [key, got] of Object.entries(report.firstPost)) log(`  ${key}: ${got.firstPostMs} ms (${got.runsMs.join(', ')}), API ${got.apiKB} KB in ${got.apiCalls} calls`);

  // autocannon resolves localhost as it likes; HAProxy and the instances listen on 127.0.0.1.
  const targets = [
    { key: 'cluster', url: cluster.apiUrl.replace('localhost', '127.0.0.1') },
    { key: 'one', url: cluster.instanceUrls[0] },
  ];
  const tokens = await logInEach(targets[0].url, fixtures.tokenUsers, BENCH_PASSWORD);

  // 2. The feed page. A short uncounted run through HAProxy first warms all three instances.
  await runAutocannon(targets[0].url, 'warm-up', feedRequest(tokens[0]), { connections: CONNECTIONS, seconds: 2 });
  // Which database answered the feed pages (the replica when the instances have DATABASE_READ_URL): the scans of
  // `posts` on each during the feed runs (the instances' polls of the replica's position touch no table).
  const postsScans = async () => {
    await sleep(1_500); // PostgreSQL publishes a backend's counts about once a second
    const scans = 'SELECT (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::bigint AS n FROM pg_stat_user_tables WHERE relname = $1';
    const [onPrimary, onReplica] = await Promise.all([primary, replica].map(async (sql) => Number((await sql.query(scans, ['posts'])).rows[0].n)));
    return { onPrimary, onReplica };
  };
  const scansBefore = await postsScans();
  report.feed = [];
  for (const connections of FEED_CONNECTIONS) {
    log(`autocannon: GET /api/posts?view=compact, ${connections} connections, ${ROUNDS} rounds`);
    const row = await inTurns(targets, 'GET /api/posts?view=compact', feedRequest(tokens[0]), { connections });
    report.feed.push(row);
    log(`  HAProxy ${row.cluster.reqPerSec} req/s p99 ${row.cluster.p99Ms} ms; instance 1 ${row.one.reqPerSec} req/s p99 ${row.one.p99Ms} ms`);
  }

  const feedRequests = report.feed.flatMap((row) => [...row.cluster.runs, ...row.one.runs]).reduce((sum, run) => sum + run.requests, 0);
  const scansAfter = await postsScans();
  report.feedPostsScans = { feedRequests, onPrimary: scansAfter.onPrimary - scansBefore.onPrimary, onReplica: scansAfter.onReplica - scansBefore.onReplica };
  log(`  feed pages asked: ${feedRequests}; scans of posts meanwhile: ${report.feedPostsScans.onReplica} on the replica, ${report.feedPostsScans.onPrimary} on the primary`);

  // 3. The changes, the replica's lag sampled meanwhile.
  report.changes = [];
  for (const { call, request } of toggleRequests(tokens, fixtures)) {
    log(`autocannon: ${call}, ${CONNECTIONS} connections, ${ROUNDS} rounds`);
    const row = await inTurns(targets, call, request, { connections: CONNECTIONS, during: () => sampleLag(primary, replica) });
    report.changes.push(row);
    log(`  HAProxy p99 ${row.cluster.p99Ms} ms (${row.cluster.reqPerSec} req/s); instance 1 p99 ${row.one.p99Ms} ms (${row.one.reqPerSec} req/s)`);
  }
  report.replicaCaughtUpAfterWritesSeconds = await replicaCaughtUp(primary, replica);
  // Health checks that took an instance out during the measurements (a busy machine can make /ready miss them).
  const after = await balancerInstances(ports);
  report.balancerDuringRun = Object.fromEntries(
    Object.entries(after).map(([name, instance]) => [
      name,
      { timesDown: instance.timesDown - report.balancerBefore[name].timesDown, downSeconds: instance.downSeconds - report.balancerBefore[name].downSeconds },
    ]),
  );
  log(`instances taken out by HAProxy's health checks during the run: ${JSON.stringify(report.balancerDuringRun)}`);
  await closeReplica();
  await closePrimary();
  await stopAndRemove();
} catch (error) {
  failure = error;
} finally {
  await releaseAll();
}
report.seconds = round((performance.now() - startedAt) / 1000);
report.loadAverage.end = round(loadavg()[0], 2);

// ---------------------------------------------------------------------------------------------
// Report: each figure through HAProxy, at one instance, and their ratio.
const rows = [];
const ratio = (cluster, one) => (one ? `${round(cluster / one, 2)}×` : '');
const failed = (row) => (row.non2xx || row.errors ? ` (${row.non2xx} non-2xx, ${row.errors} errors!)` : '');
if (report.firstPost) {
  const { cluster, one } = report.firstPost;
  rows.push({ figure: 'log in → first post (median)', 'HAProxy, 3 instances': `${cluster.firstPostMs} ms`, 'instance 1 alone': `${one.firstPostMs} ms`, ratio: ratio(cluster.firstPostMs, one.firstPostMs) });
  rows.push({ figure: '  API bytes for it', 'HAProxy, 3 instances': `${cluster.apiKB} KB`, 'instance 1 alone': `${one.apiKB} KB`, ratio: '' });
}
for (const { cluster, one } of report.feed ?? []) {
  const name = `GET /api/posts?view=compact, ${cluster.connections} conn.`;
  rows.push({ figure: `${name} req/s`, 'HAProxy, 3 instances': `${cluster.reqPerSec}${failed(cluster)}`, 'instance 1 alone': `${one.reqPerSec}${failed(one)}`, ratio: ratio(cluster.reqPerSec, one.reqPerSec) });
  rows.push({ figure: '  p50 / p99', 'HAProxy, 3 instances': `${cluster.p50Ms} / ${cluster.p99Ms} ms`, 'instance 1 alone': `${one.p50Ms} / ${one.p99Ms} ms`, ratio: ratio(cluster.p99Ms, one.p99Ms) });
}
if (report.feedPostsScans) {
  const { feedRequests, onReplica, onPrimary } = report.feedPostsScans;
  rows.push({ figure: '  feed pages (both) / scans of posts: replica, primary', 'HAProxy, 3 instances': `${feedRequests} / ${onReplica}, ${onPrimary}`, 'instance 1 alone': '', ratio: '' });
}
for (const { cluster, one } of report.changes ?? []) {
  rows.push({
    figure: `${cluster.call} p99 (req/s)`,
    'HAProxy, 3 instances': `${cluster.p99Ms} ms (${cluster.reqPerSec})${failed(cluster)}`,
    'instance 1 alone': `${one.p99Ms} ms (${one.reqPerSec})${failed(one)}`,
    ratio: ratio(cluster.p99Ms, one.p99Ms),
  });
  const lag = (row) => `${row.replicaLag.replayLagMs.p99} ms, ${round(row.replicaLag.bytes.max / 1024)} KiB max`;
  rows.push({ figure: '  replica lag meanwhile (replay_lag p99, WAL behind)', 'HAProxy, 3 instances': lag(cluster), 'instance 1 alone': lag(one), ratio: '' });
}
if (report.balancerDuringRun) {
  const outages = Object.entries(report.balancerDuringRun).filter(([, instance]) => instance.timesDown > 0);
  rows.push({
    figure: 'instances HAProxy took out meanwhile',
    'HAProxy, 3 instances': outages.length ? outages.map(([name, instance]) => `${name} ${instance.timesDown}× (${instance.downSeconds} s)`).join(', ') : 'none',
    'instance 1 alone': '',
    ratio: '',
  });
}
report.table = rows;
// The message with its frames: a screenshot's path is added to the message after the stack was taken.
const described = (error) => [error.message ?? String(error), ...(error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))].join('\n');
if (failure) {
  report.failure = described(failure);
  if (buildTimes() !== buildsAtStart) report.failure += '\n(the builds were written again during the run: a `npm run build` elsewhere took their files away; run it again)';
}
mkdirSync(RESULTS, { recursive: true });
writeFileSync(join(RESULTS, 'cluster.json'), `${JSON.stringify(report, null, 2)}\n`);
if (rows.length) console.table(rows);
console.info(`Wrote bench/results/cluster.json (${report.seconds} s in all; load average ${report.loadAverage.start} → ${report.loadAverage.end} on ${report.cores} cores)`);
if (failure) {
  console.error(`\nThe run failed: ${report.failure}`);
  process.exit(1);
}
