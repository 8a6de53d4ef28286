/**
 * The scale-out story of the README, run for real on one machine (issue 16): HAProxy in front of
 * three API server instances, PgBouncer (transaction mode) in front of a PostgreSQL primary and its
 * streaming read replica, and the static builds of the shell and the remotes. Everything listens on
 * loopback; PostgreSQL, PgBouncer and HAProxy come from Debian's packages.
 *
 *   node deploy/local-cluster/cluster.mjs start    (npm run cluster)
 *   node deploy/local-cluster/cluster.mjs stop     (npm run cluster:stop; --delete also removes the data)
 *   node deploy/local-cluster/cluster.mjs status
 *
 * Tests and benchmarks import `startCluster` and get a cluster on ports and a folder of their own.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { haproxyConfig, pgbouncerConfig, postgresConfig } from './configs.mjs';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const HOST = '127.0.0.1';
const DATABASE = 'chirp';
const ROLE = 'chirp';
const REMOTES = ['auth', 'feed', 'profile', 'notifications'];

export const DEFAULT_DIR = join(tmpdir(), 'chirp-cluster');
/** The ports `npm run cluster` uses: the API where `npm run server` would be, the builds where `npm start` puts them. */
export const DEFAULT_PORTS = {
  lb: 8080,
  stats: 8404,
  api: [8081, 8082, 8083],
  pgbouncer: 6432,
  primary: 5433,
  replica: 5434,
  shell: 4173,
  auth: 4174,
  feed: 4175,
  profile: 4176,
  notifications: 4177,
};

const isRoot = process.getuid?.() === 0;
/** PostgreSQL and PgBouncer refuse to run as root: as root, they (and HAProxy) run as `postgres`. */
const DB_USER = isRoot ? 'postgres' : undefined;

// ---------------------------------------------------------------------------------------- tools

function which(name, extra = []) {
  for (const directory of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin', ...extra]) {
    if (directory && existsSync(join(directory, name))) return join(directory, name);
  }
  return undefined;
}

function postgresBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) if (existsSync(join(base, version, 'bin', 'initdb'))) return join(base, version, 'bin');
  const initdb = which('initdb');
  return initdb ? resolve(initdb, '..') : undefined;
}

/** The programs the cluster runs; Debian's packages are installed when one is missing (as root, or through sudo). */
export function tools({ install = true } = {}) {
  const find = () => ({ pg: postgresBin(), haproxy: which('haproxy'), pgbouncer: which('pgbouncer') });
  let found = find();
  const missing = () => Object.entries({ postgresql: found.pg, haproxy: found.haproxy, pgbouncer: found.pgbouncer }).filter(([, path]) => !path).map(([name]) => name);
  if (missing().length > 0 && install && which('apt-get')) {
    console.log(`Installing ${missing().join(', ')} from Debian's packages…`);
    const run = (args) =>
      execFileSync(isRoot ? args[0] : 'sudo', isRoot ? args.slice(1) : ['-n', ...args], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    run(['apt-get', 'update', '-qq']);
    run(['apt-get', 'install', '-y', '-qq', ...missing()]);
    found = find();
  }
  if (missing().length > 0) {
    throw new Error(`The local cluster needs ${missing().join(', ')}: sudo apt-get install -y ${missing().join(' ')}`);
  }
  return found;
}

/** `command args` as the database user when we are root. */
function asDbUser(command, args) {
  return DB_USER ? ['runuser', ['-u', DB_USER, '--', command, ...args]] : [command, args];
}

function runAsDbUser(command, args, env = {}) {
  const [file, fileArgs] = asDbUser(command, args);
  try {
    return execFileSync(file, fileArgs, { encoding: 'utf8', env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    throw new Error(`${command.split('/').pop()} ${args.join(' ')} failed:\n${error.stderr || error.stdout || error.message}`, { cause: error });
  }
}

function giveToDbUser(path) {
  if (DB_USER) execFileSync('chown', ['-R', `${DB_USER}:${DB_USER}`, path]);
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function waitFor(what, check, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not come up in ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

const answers = async (url) => (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

async function stopPid(pid, signal = 'SIGTERM', timeoutMs = 10_000) {
  if (!pid || !alive(pid)) return;
  process.kill(pid, signal);
  const deadline = Date.now() + timeoutMs;
  while (alive(pid) && Date.now() < deadline) await sleep(100);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

const readPid = (file) => (existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) || undefined : undefined);

/** A process of ours that outlives this script, its output in `log`. */
function detached(command, args, { env = {}, log }) {
  const out = openSync(log, 'a');
  const child = spawn(command, args, { cwd: ROOT, detached: true, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  closeSync(out);
  child.unref();
  return child.pid;
}

// ------------------------------------------------------------------------------------- the parts

async function startPostgres({ bin, dir, ports, password }) {
  const primary = join(dir, 'primary');
  const replica = join(dir, 'replica');
  const ctl = (data, action, extra = []) => runAsDbUser(join(bin, 'pg_ctl'), ['-D', data, '-l', join(data, 'server.log'), '-w', '-t', '60', action, ...extra]);
  if (!existsSync(join(primary, 'PG_VERSION'))) {
    const pwfile = join(dir, 'pwfile');
    writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    giveToDbUser(pwfile);
    runAsDbUser(join(bin, 'initdb'), ['-D', primary, '-U', ROLE, `--pwfile=${pwfile}`, '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--locale=C']);
    rmSync(pwfile);
    writeFileSync(join(primary, 'postgresql.conf'), postgresConfig({ dir, host: HOST, port: ports.primary }), { flag: 'a' });
  }
  ctl(primary, 'start');
  const psql = (sql) => runAsDbUser(join(bin, 'psql'), ['-h', dir, '-p', String(ports.primary), '-U', ROLE, '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-tAc', sql]).trim();
  if (psql(`SELECT 1 FROM pg_database WHERE datname = '${DATABASE}'`) !== '1') psql(`CREATE DATABASE ${DATABASE} OWNER ${ROLE}`);

  if (!existsSync(join(replica, 'PG_VERSION'))) {
    // A copy of the primary that then follows its write-ahead log (standby.signal and primary_conninfo: -R).
    runAsDbUser(join(bin, 'pg_basebackup'), ['-h', HOST, '-p', String(ports.primary), '-U', ROLE, '-D', replica, '-R', '-X', 'stream', '-c', 'fast'], { PGPASSWORD: password });
    writeFileSync(join(replica, 'postgresql.conf'), `port = ${ports.replica}\n`, { flag: 'a' });
  }
  ctl(replica, 'start');
  return { stop: () => stopPostgres(bin, dir) };
}

function stopPostgres(bin, dir) {
  for (const data of ['replica', 'primary'].map((name) => join(dir, name))) {
    if (existsSync(join(data, 'postmaster.pid'))) {
      try {
        runAsDbUser(join(bin, 'pg_ctl'), ['-D', data, '-w', '-t', '30', '-m', 'fast', 'stop']);
      } catch (error) {
        console.warn(`PostgreSQL in ${data} did not stop: ${error.message}`);
      }
    }
  }
}

function startPgbouncer({ pgbouncer, dir, ports, password }) {
  const folder = join(dir, 'pgbouncer');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'userlist.txt'), `"${ROLE}" "${password}"\n`, { mode: 0o600 });
  writeFileSync(join(folder, 'pgbouncer.ini'), pgbouncerConfig({ dir, host: HOST, ports, database: DATABASE }));
  giveToDbUser(folder);
  runAsDbUser(pgbouncer, ['-d', '-q', join(folder, 'pgbouncer.ini')]);
}

function startHaproxy({ haproxy, dir, ports }) {
  const file = join(dir, 'haproxy.cfg');
  const openFiles = Number(runAsDbUser('sh', ['-c', 'ulimit -n']).trim()) || 1024;
  const maxconn = Math.max(100, Math.min(20_000, Math.floor((openFiles - 100) / 2)));
  writeFileSync(file, haproxyConfig({ dir, host: HOST, ports, maxconn }));
  giveToDbUser(file);
  runAsDbUser(haproxy, ['-c', '-q', '-f', file]);
  runAsDbUser(haproxy, ['-D', '-f', file]);
}

/**
 * The environment of API instance `index` (1-based): writes through PgBouncer, lists from the replica,
 * LISTEN direct. No demo accounts (their passwords are published) unless `extraEnv` asks for them
 * (SEED_DEMO=1).
 */
export function instanceEnv({ dir, ports, password, jwtSecret, corsOrigins, extraEnv = {} }, index) {
  const url = (port, database) => `postgres://${ROLE}:${password}@${HOST}:${port}/${database}`;
  return {
    NODE_ENV: 'production',
    PORT: String(ports.api[index - 1]),
    HOST,
    DATABASE_URL: url(ports.pgbouncer, DATABASE),
    DATABASE_READ_URL: url(ports.pgbouncer, `${DATABASE}_replica`),
    DATABASE_LISTEN_URL: url(ports.primary, DATABASE),
    DATA_DIR: join(dir, `api${index}`),
    // One folder for every instance's uploads, served by each: an image sent through one shows through all.
    UPLOADS_DIR: join(dir, 'uploads'),
    PUBLIC_URL: `http://localhost:${ports.lb}`,
    JWT_SECRET: jwtSecret,
    CORS_ORIGINS: corsOrigins.join(','),
    TRUST_PROXY: HOST,
    SEED_DEMO: '0',
    // Under a load test the request log would be most of the disk writes.
    LOG_REQUESTS: '0',
    ...extraEnv,
  };
}

function startInstance(cluster, index) {
  return detached(process.execPath, ['--import', 'tsx', join(ROOT, 'server/src/main.ts')], {
    env: instanceEnv(cluster, index),
    log: join(cluster.dir, `api${index}.log`),
  });
}

async function instanceReady(cluster, index) {
  await waitFor(`API instance ${index}`, () => answers(`http://${HOST}:${cluster.ports.api[index - 1]}/ready`), 120_000);
}

/**
 * A copy of every build, as a deployment holds it (a rebuild while the cluster runs changes nothing
 * it serves): the shell's config.json points at the load balancer, its remotes.json at the remotes.
 * Answers the folder holding one folder per site.
 */
function deployBuilds({ dir, ports }) {
  const sites = join(dir, 'sites');
  rmSync(sites, { recursive: true, force: true });
  for (const [site, folder] of [['shell', 'shell'], ...REMOTES.map((name) => [name, `${name}-remote`])]) {
    const built = join(ROOT, folder, 'dist');
    if (!existsSync(built)) throw new Error('Build the app first: npm run build');
    cpSync(built, join(sites, site), { recursive: true });
  }
  const shell = join(sites, 'shell');
  writeFileSync(join(shell, 'config.json'), `${JSON.stringify({ apiBaseUrl: `http://localhost:${ports.lb}` })}\n`);
  writeFileSync(join(shell, 'remotes.json'), `${JSON.stringify(Object.fromEntries(REMOTES.map((name) => [name, `http://localhost:${ports[name]}/remoteEntry.js`])), null, 2)}\n`);
  return sites;
}

/** HAProxy's view of the instances: name → 'UP' | 'DOWN' | …, from its statistics page. */
export async function balancerView(ports) {
  const csv = await (await fetch(`http://${HOST}:${ports.stats}/;csv`)).text();
  const view = {};
  for (const line of csv.split('\n')) {
    const [proxy, server, ...rest] = line.split(',');
    if (proxy === 'api_instances' && server && !['BACKEND', 'FRONTEND'].includes(server)) view[server] = rest[15];
  }
  return view;
}

// ---------------------------------------------------------------------------------------- cluster

const stateFile = (dir) => join(dir, 'cluster.json');
/** What another process needs to take the cluster over (the secrets stay in secrets.json). */
const saveState = ({ dir, ports, pids, extraEnv, corsOrigins }) =>
  writeFileSync(stateFile(dir), JSON.stringify({ ports, pids, extraEnv, corsOrigins }, null, 2));

/**
 * Starts the whole cluster in `dir` (kept: a second start reuses its databases). Answers what a test
 * needs: the addresses, and ways to stop one instance and to start it again.
 */
export async function startCluster({ dir = DEFAULT_DIR, ports = DEFAULT_PORTS, extraEnv = {}, corsOrigins } = {}) {
  const found = tools();
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  giveToDbUser(dir);
  if (existsSync(stateFile(dir))) {
    const running = JSON.parse(readFileSync(stateFile(dir), 'utf8'));
    if (Object.values(running.pids ?? {}).some((pid) => alive(pid))) throw new Error(`A cluster already runs from ${dir}: npm run cluster:stop first`);
  }
  const secretFile = join(dir, 'secrets.json');
  const secrets = existsSync(secretFile)
    ? JSON.parse(readFileSync(secretFile, 'utf8'))
    : { password: randomBytes(12).toString('hex'), jwtSecret: randomBytes(32).toString('hex') };
  writeFileSync(secretFile, JSON.stringify(secrets), { mode: 0o600 });

  const shellOrigins = [`http://localhost:${ports.shell}`, `http://${HOST}:${ports.shell}`];
  const cluster = { dir, ports, ...secrets, corsOrigins: corsOrigins ?? shellOrigins, extraEnv, pids: {} };
  const save = () => saveState(cluster);
  try {
    await startPostgres({ bin: found.pg, dir, ports, password: secrets.password });
    startPgbouncer({ pgbouncer: found.pgbouncer, dir, ports, password: secrets.password });
    // The first instance migrates (and lays the demo accounts, if asked); the others find it done.
    cluster.pids.api1 = startInstance(cluster, 1);
    save();
    await instanceReady(cluster, 1);
    for (const index of ports.api.keys()) if (index > 0) cluster.pids[`api${index + 1}`] = startInstance(cluster, index + 1);
    save();
    await Promise.all(ports.api.map((_, index) => instanceReady(cluster, index + 1)));
    startHaproxy({ haproxy: found.haproxy, dir, ports });
    await waitFor('HAProxy', async () => Object.values(await balancerView(ports)).filter((state) => state === 'UP').length === ports.api.length);
    const sites = deployBuilds({ dir, ports });
    cluster.pids.static = detached(process.execPath, [join(ROOT, 'deploy/local-cluster/static.mjs'), sites], {
      env: Object.fromEntries([['SHELL_PORT', ports.shell], ...REMOTES.map((name) => [`${name.toUpperCase()}_PORT`, ports[name]])].map(([key, value]) => [key, String(value)])),
      log: join(dir, 'static.log'),
    });
    save();
    await waitFor('the static builds', () => answers(`http://localhost:${ports.shell}/config.json`));
  } catch (error) {
    await stopCluster({ dir }).catch(() => undefined);
    throw error;
  }
  return handleOf(cluster, save);
}

/** What a test or a benchmark holds of a running cluster: its addresses, and one instance's stop and start. */
function handleOf(cluster, save) {
  const { dir, ports, password } = cluster;
  return {
    dir,
    ports,
    apiUrl: `http://localhost:${ports.lb}`,
    shellUrl: `http://localhost:${ports.shell}`,
    instanceUrls: ports.api.map((port) => `http://${HOST}:${port}`),
    /** Straight to the primary and to the replica, bypassing the pooler (tests read the replica's lag). */
    primaryUrl: `postgres://${ROLE}:${password}@${HOST}:${ports.primary}/${DATABASE}`,
    replicaUrl: `postgres://${ROLE}:${password}@${HOST}:${ports.replica}/${DATABASE}`,
    seedsDemo: cluster.extraEnv?.SEED_DEMO === '1',
    /** Ends instance `index` (1-based) with `signal`, as a crash (SIGKILL) or a stop (SIGTERM) would. */
    async stopInstance(index, signal = 'SIGKILL') {
      await stopPid(cluster.pids[`api${index}`], signal);
    },
    async startInstance(index) {
      cluster.pids[`api${index}`] = startInstance(cluster, index);
      save();
      await instanceReady(cluster, index);
    },
    stop: (options) => stopCluster({ dir, ...options }),
  };
}

/** The handle of the cluster already running from `dir` (another process started it: a test's global set-up). */
export function attachCluster(dir) {
  const state = JSON.parse(readFileSync(stateFile(dir), 'utf8'));
  const secrets = JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'));
  const cluster = { dir, ...secrets, ...state };
  return handleOf(cluster, () => saveState(cluster));
}

/** Stops everything the cluster in `dir` started; `remove` also deletes its folder (the databases with it). */
export async function stopCluster({ dir = DEFAULT_DIR, remove = false } = {}) {
  const state = existsSync(stateFile(dir)) ? JSON.parse(readFileSync(stateFile(dir), 'utf8')) : { pids: {} };
  // The front first, so nothing new arrives at what stops after it.
  await stopPid(state.pids.static);
  await stopPid(readPid(join(dir, 'haproxy.pid')));
  await Promise.all(Object.entries(state.pids).filter(([name]) => name.startsWith('api')).map(([, pid]) => stopPid(pid)));
  await stopPid(readPid(join(dir, 'pgbouncer', 'pgbouncer.pid')), 'SIGINT');
  const bin = postgresBin();
  if (bin) stopPostgres(bin, dir);
  if (existsSync(stateFile(dir))) writeFileSync(stateFile(dir), JSON.stringify({ ...state, pids: {} }, null, 2));
  if (remove) rmSync(dir, { recursive: true, force: true });
}

async function status(dir) {
  if (!existsSync(stateFile(dir))) return console.log(`No cluster in ${dir}.`);
  const { ports, pids } = JSON.parse(readFileSync(stateFile(dir), 'utf8'));
  for (const [name, pid] of Object.entries(pids)) console.log(`${name.padEnd(8)} ${alive(pid) ? `running (${pid})` : 'stopped'}`);
  try {
    console.log('HAProxy sees:', await balancerView(ports));
  } catch {
    console.log('HAProxy: not answering');
  }
}

function describe(cluster) {
  const { ports } = cluster;
  const app = cluster.seedsDemo ? `${cluster.shellUrl}   (guestuser / guest@chirp1)` : `${cluster.shellUrl}   (no demo accounts: SEED_DEMO=1 npm run cluster lays them)`;
  return `The Chirp cluster runs (data in ${cluster.dir}):
  app            ${app}
  API            ${cluster.apiUrl}   HAProxy → ${cluster.instanceUrls.join(', ')}
  HAProxy stats  http://${HOST}:${ports.stats}/
  PgBouncer      ${HOST}:${ports.pgbouncer} (transaction mode) → primary ${HOST}:${ports.primary}, replica ${HOST}:${ports.replica}
Stop it all with: npm run cluster:stop`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, ...flags] = process.argv.slice(2);
  const dir = process.env.CLUSTER_DIR || DEFAULT_DIR;
  const actions = {
    start: async () => console.log(describe(await startCluster({ dir, extraEnv: process.env.SEED_DEMO === '1' ? { SEED_DEMO: '1' } : {} }))),
    stop: async () => {
      await stopCluster({ dir, remove: flags.includes('--delete') });
      console.log(flags.includes('--delete') ? `Stopped; ${dir} removed.` : `Stopped (the data stays in ${dir}; --delete removes it).`);
    },
    status: () => status(dir),
  };
  if (!actions[command]) {
    console.error('Usage: cluster.mjs start | stop [--delete] | status');
    process.exit(2);
  }
  actions[command]().catch((error) => {
    console.error(`The cluster: ${error.message}`);
    process.exit(1);
  });
}
