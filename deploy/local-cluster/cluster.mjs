/**
 * The scale-out story of the docs (docs/deploying.md), run for real on one machine, so it is proven rather than described: HAProxy in front of
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
import { closeSync, cpSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { haproxyConfig, pgbouncerConfig, pgHbaConfig, postgresConfig } from './configs.mjs';
import { isOurProcess, privateFolder, readOwnFile, writeOwnFile } from './trust.mjs';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const HOST = '127.0.0.1';
const DATABASE = 'chirp';
/** The API's role: owns its database, and that is all (no superuser, no roles, no other databases). */
const APP_ROLE = 'chirp';
/** The replica's: streams the WAL, nothing else. */
const REPLICATION_ROLE = 'chirp_replication';
/** initdb's superuser: the script's alone, to make the roles and the database, on the socket in the cluster's folder. */
const ADMIN_ROLE = 'postgres';
const ROLES = { database: DATABASE, appRole: APP_ROLE, replicationRole: REPLICATION_ROLE, adminRole: ADMIN_ROLE };
/** The API as it is deployed: compiled (server/build.mjs), run by plain Node. */
const MAIN = join(ROOT, 'server/dist/main.js');
const STATIC = join(ROOT, 'deploy/local-cluster/static.mjs');
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
/** Who may own the cluster's folder: we, or (as root) the user the databases run as, whom root gave it. */
const folderOwners = () => [process.getuid(), ...(DB_USER ? [Number(execFileSync('id', ['-u', DB_USER], { encoding: 'utf8' }))] : [])];

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

function runAsDbUser(command, args, env = {}, input = undefined) {
  const [file, fileArgs] = asDbUser(command, args);
  try {
    // From `/`: the checkout may be a folder the database user cannot enter (a private temporary
    // clone), and HAProxy returns to its starting folder after reading its configuration.
    return execFileSync(file, fileArgs, {
      cwd: '/',
      encoding: 'utf8',
      env: { ...process.env, ...env },
      input,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
  } catch (error) {
    throw new Error(`${command.split('/').pop()} ${args.join(' ')} failed:\n${error.stderr || error.stdout || error.message}`, { cause: error });
  }
}

function giveToDbUser(path, { recursive = true } = {}) {
  if (DB_USER) execFileSync('chown', [...(recursive ? ['-R'] : []), `${DB_USER}:${DB_USER}`, path]);
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

/**
 * Ends `pid` if it is the process `command` says we started ({ args, env }: isOurProcess); a PID that
 * names another process now (or never did: a file anyone could write) is left alone.
 */
async function stopPid(pid, command, signal = 'SIGTERM', timeoutMs = 10_000) {
  const ours = () => isOurProcess(pid, command);
  if (!ours()) return;
  process.kill(pid, signal);
  const deadline = Date.now() + timeoutMs;
  while (ours() && Date.now() < deadline) await sleep(100);
  if (ours()) process.kill(pid, 'SIGKILL');
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

/**
 * What each process the cluster starts runs (the arguments after the program, and what tells one
 * cluster's from another's): a saved PID is stopped only while it still runs that.
 */
const COMMANDS = {
  instance: (dir, index) => ({ args: [MAIN], env: { DATA_DIR: join(dir, `api${index}`) } }),
  static: (dir) => ({ args: [STATIC, join(dir, 'sites')] }),
  haproxy: (dir) => ({ args: ['-D', '-f', join(dir, 'haproxy.cfg')] }),
  pgbouncer: (dir) => ({ args: ['-d', '-q', join(dir, 'pgbouncer', 'pgbouncer.ini')] }),
};
/** The command of a PID the state file names: `api<N>` or `static`. */
const savedCommand = (dir, name) => (name === 'static' ? COMMANDS.static(dir) : COMMANDS.instance(dir, Number(name.slice('api'.length))));

// ------------------------------------------------------------------------------------- the parts

/** Generated once per cluster: PostgreSQL's three roles' passwords and the API's token key. */
const SECRET_NAMES = ['adminPassword', 'appPassword', 'replicationPassword', 'jwtSecret'];
const secretFile = (dir) => join(dir, 'secrets.json');

/** The cluster's secrets (made with mode 0600 on its first start); refused if anyone else could have made or read them. */
function secretsOf(dir, { create }) {
  const file = secretFile(dir);
  if (create && !lstatSync(file, { throwIfNoEntry: false })) {
    const secrets = Object.fromEntries(SECRET_NAMES.map((name) => [name, randomBytes(name === 'jwtSecret' ? 32 : 16).toString('hex')]));
    writeOwnFile(file, JSON.stringify(secrets));
    return secrets;
  }
  const secrets = JSON.parse(readOwnFile(file, { secret: true }));
  if (!SECRET_NAMES.every((name) => /^[0-9a-f]+$/.test(secrets[name] ?? ''))) {
    throw new Error(
      `${dir} holds a cluster made by an earlier version of this script (its API ran as PostgreSQL's superuser): remove it (npm run cluster:stop -- --delete) and start again.`,
    );
  }
  return secrets;
}

async function startPostgres({ bin, dir, ports, secrets }) {
  const primary = join(dir, 'primary');
  const replica = join(dir, 'replica');
  const ctl = (data, action, extra = []) => runAsDbUser(join(bin, 'pg_ctl'), ['-D', data, '-l', join(data, 'server.log'), '-w', '-t', '60', action, ...extra]);
  if (!existsSync(join(primary, 'PG_VERSION'))) {
    const pwfile = join(dir, 'pwfile');
    rmSync(pwfile, { force: true });
    writeFileSync(pwfile, `${secrets.adminPassword}\n`, { mode: 0o600, flag: 'wx' });
    giveToDbUser(pwfile);
    try {
      const scram = ['--auth-local=scram-sha-256', '--auth-host=scram-sha-256'];
      runAsDbUser(join(bin, 'initdb'), ['-D', primary, '-U', ADMIN_ROLE, `--pwfile=${pwfile}`, ...scram, '-E', 'UTF8', '--locale=C']);
    } finally {
      rmSync(pwfile);
    }
    writeFileSync(join(primary, 'postgresql.conf'), postgresConfig({ dir, host: HOST, port: ports.primary }), { flag: 'a' });
    const hba = join(primary, 'pg_hba.conf');
    writeFileSync(hba, pgHbaConfig({ host: HOST, ...ROLES }), { mode: 0o600 });
    giveToDbUser(hba);
  }
  ctl(primary, 'start');
  // Every start: the roles as they must be, with the passwords of secrets.json (sent on stdin, never on a command line).
  asAdmin({ bin, dir, port: ports.primary, secrets }, setUpSql(secrets));

  if (!existsSync(join(replica, 'PG_VERSION'))) {
    // A copy of the primary that then follows its write-ahead log (standby.signal and primary_conninfo: -R).
    runAsDbUser(
      join(bin, 'pg_basebackup'),
      ['-h', HOST, '-p', String(ports.primary), '-U', REPLICATION_ROLE, '-D', replica, '-R', '-X', 'stream', '-c', 'fast'],
      { PGPASSWORD: secrets.replicationPassword },
    );
    writeFileSync(join(replica, 'postgresql.conf'), `port = ${ports.replica}\n`, { flag: 'a' });
  }
  ctl(replica, 'start');
  return { stop: () => stopPostgres(bin, dir) };
}

/** psql as the superuser, on the socket in the cluster's folder; `sql` on stdin. */
function asAdmin({ bin, dir, port, secrets }, sql) {
  const args = ['-h', dir, '-p', String(port), '-U', ADMIN_ROLE, '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-tA', '-f', '-'];
  return runAsDbUser(join(bin, 'psql'), args, { PGPASSWORD: secrets.adminPassword }, sql);
}

/** The app's role (the database's owner, nothing more) and the replica's (streams the WAL, nothing more). */
function setUpSql({ appPassword, replicationPassword }) {
  const role = (name, attributes, password) => `SELECT 'CREATE ROLE ${name}' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${name}') \\gexec
ALTER ROLE ${name} ${attributes} NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD '${password}';
`;
  return `${role(APP_ROLE, 'LOGIN NOREPLICATION', appPassword)}${role(REPLICATION_ROLE, 'LOGIN REPLICATION', replicationPassword)}SELECT 'CREATE DATABASE ${DATABASE} OWNER ${APP_ROLE}' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '${DATABASE}') \\gexec
`;
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

function startPgbouncer({ pgbouncer, dir, ports, secrets }) {
  const folder = join(dir, 'pgbouncer');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  // The app role's password: what the instances give PgBouncer, and what PgBouncer gives PostgreSQL.
  writeFileSync(join(folder, 'userlist.txt'), `"${APP_ROLE}" "${secrets.appPassword}"\n`, { mode: 0o600 });
  writeFileSync(join(folder, 'pgbouncer.ini'), pgbouncerConfig({ dir, host: HOST, ports, database: DATABASE }), { mode: 0o600 });
  giveToDbUser(folder);
  runAsDbUser(pgbouncer, COMMANDS.pgbouncer(dir).args);
}

function startHaproxy({ haproxy, dir, ports }) {
  const file = join(dir, 'haproxy.cfg');
  const openFiles = Number(runAsDbUser('sh', ['-c', 'ulimit -n']).trim()) || 1024;
  const maxconn = Math.max(100, Math.min(20_000, Math.floor((openFiles - 100) / 2)));
  writeFileSync(file, haproxyConfig({ dir, host: HOST, ports, maxconn }));
  giveToDbUser(file);
  runAsDbUser(haproxy, ['-c', '-f', file]);
  runAsDbUser(haproxy, COMMANDS.haproxy(dir).args);
}

/**
 * The environment of API instance `index` (1-based): writes through PgBouncer, lists from the replica,
 * LISTEN direct, all as the app's role. No demo accounts (their passwords are published) unless
 * `extraEnv` asks for them (SEED_DEMO=1).
 */
export function instanceEnv({ dir, ports, appPassword, jwtSecret, corsOrigins, extraEnv = {} }, index) {
  const url = (port, database) => `postgres://${APP_ROLE}:${appPassword}@${HOST}:${port}/${database}`;
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
  return detached(process.execPath, COMMANDS.instance(cluster.dir, index).args, {
    env: instanceEnv(cluster, index),
    log: join(cluster.dir, `api${index}.log`),
  });
}

async function instanceReady(cluster, index) {
  await waitFor(`API instance ${index}`, () => answers(`http://${HOST}:${cluster.ports.api[index - 1]}/ready`), 120_000);
}

/**
 * A copy of every build, as a deployment holds it (a rebuild while the cluster runs changes nothing
 * it serves), in the folder static.mjs serves (COMMANDS.static): the shell's config.json points at the
 * load balancer, its remotes.json at the remotes.
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
const saveState = ({ dir, ports, pids, extraEnv, corsOrigins }) => writeOwnFile(stateFile(dir), JSON.stringify({ ports, pids, extraEnv, corsOrigins }, null, 2));
/** The state a start saved, or null: read only from a file of ours that nobody else could change. */
const savedState = (dir) => (lstatSync(stateFile(dir), { throwIfNoEntry: false }) ? JSON.parse(readOwnFile(stateFile(dir), { secret: false })) : null);
/** The saved processes that still run what the cluster started them with. */
const runningPids = (dir, pids = {}) => Object.entries(pids).filter(([name, pid]) => isOurProcess(pid, savedCommand(dir, name)));

/**
 * Starts the whole cluster in `dir` (kept: a second start reuses its databases). Answers what a test
 * needs: the addresses, and ways to stop one instance and to start it again.
 */
export async function startCluster({ dir = DEFAULT_DIR, ports = DEFAULT_PORTS, extraEnv = {}, corsOrigins } = {}) {
  privateFolder(dir, folderOwners(), { create: true });
  const found = tools();
  // As root, the databases' user makes its folders in it (still 0700); what root writes stays root's.
  giveToDbUser(dir, { recursive: false });
  if (runningPids(dir, savedState(dir)?.pids).length > 0) throw new Error(`A cluster already runs from ${dir}: npm run cluster:stop first`);
  const secrets = secretsOf(dir, { create: true });
  // The API's build is a second's work: made each start, so the cluster never runs a stale one.
  execFileSync(process.execPath, [join(ROOT, 'server/build.mjs')], { stdio: 'inherit' });

  const shellOrigins = [`http://localhost:${ports.shell}`, `http://${HOST}:${ports.shell}`];
  const cluster = { dir, ports, ...secrets, corsOrigins: corsOrigins ?? shellOrigins, extraEnv, pids: {} };
  const save = () => saveState(cluster);
  try {
    await startPostgres({ bin: found.pg, dir, ports, secrets });
    startPgbouncer({ pgbouncer: found.pgbouncer, dir, ports, secrets });
    // The first instance migrates (and lays the demo accounts, if asked); the others find it done.
    cluster.pids.api1 = startInstance(cluster, 1);
    save();
    await instanceReady(cluster, 1);
    for (const index of ports.api.keys()) if (index > 0) cluster.pids[`api${index + 1}`] = startInstance(cluster, index + 1);
    save();
    await Promise.all(ports.api.map((_, index) => instanceReady(cluster, index + 1)));
    startHaproxy({ haproxy: found.haproxy, dir, ports });
    await waitFor('HAProxy', async () => Object.values(await balancerView(ports)).filter((state) => state === 'UP').length === ports.api.length);
    deployBuilds({ dir, ports });
    cluster.pids.static = detached(process.execPath, COMMANDS.static(dir).args, {
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
  const { dir, ports, appPassword } = cluster;
  /** On the replica, as the superuser (the app's role may not): pauses or resumes its replay of the WAL. */
  const replay = (action) => asAdmin({ bin: postgresBin(), dir, port: ports.replica, secrets: cluster }, `SELECT pg_wal_replay_${action}();`);
  return {
    dir,
    ports,
    apiUrl: `http://localhost:${ports.lb}`,
    shellUrl: `http://localhost:${ports.shell}`,
    instanceUrls: ports.api.map((port) => `http://${HOST}:${port}`),
    /** Straight to the primary and to the replica as the app's role, bypassing the pooler (tests read the replica's lag). */
    primaryUrl: `postgres://${APP_ROLE}:${appPassword}@${HOST}:${ports.primary}/${DATABASE}`,
    replicaUrl: `postgres://${APP_ROLE}:${appPassword}@${HOST}:${ports.replica}/${DATABASE}`,
    seedsDemo: cluster.extraEnv?.SEED_DEMO === '1',
    async pauseReplay() {
      replay('pause');
    },
    async resumeReplay() {
      replay('resume');
    },
    /** Ends instance `index` (1-based) with `signal`, as a crash (SIGKILL) or a stop (SIGTERM) would. */
    async stopInstance(index, signal = 'SIGKILL') {
      await stopPid(cluster.pids[`api${index}`], COMMANDS.instance(dir, index), signal);
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
  privateFolder(dir, folderOwners(), { create: false });
  const state = savedState(dir);
  if (!state) throw new Error(`No cluster in ${dir}`);
  const cluster = { dir, ...secretsOf(dir, { create: false }), ...state };
  return handleOf(cluster, () => saveState(cluster));
}

/** Stops everything the cluster in `dir` started; `remove` also deletes its folder (the databases with it). */
export async function stopCluster({ dir = DEFAULT_DIR, remove = false } = {}) {
  if (!lstatSync(dir, { throwIfNoEntry: false })) return;
  privateFolder(dir, folderOwners(), { create: false });
  const saved = savedState(dir);
  const state = saved ?? { pids: {} };
  // The front first, so nothing new arrives at what stops after it.
  await stopPid(state.pids.static, COMMANDS.static(dir));
  await stopPid(readPid(join(dir, 'haproxy.pid')), COMMANDS.haproxy(dir));
  await Promise.all(
    Object.entries(state.pids)
      .filter(([name]) => name.startsWith('api'))
      .map(([name, pid]) => stopPid(pid, savedCommand(dir, name))),
  );
  await stopPid(readPid(join(dir, 'pgbouncer', 'pgbouncer.pid')), COMMANDS.pgbouncer(dir), 'SIGINT');
  const bin = postgresBin();
  if (bin) stopPostgres(bin, dir);
  if (saved) saveState({ dir, ...state, pids: {} });
  if (remove) rmSync(dir, { recursive: true, force: true });
}

async function status(dir) {
  const exists = Boolean(lstatSync(dir, { throwIfNoEntry: false }));
  if (exists) privateFolder(dir, folderOwners(), { create: false });
  const state = exists ? savedState(dir) : null;
  if (!state) return console.log(`No cluster in ${dir}.`);
  const running = new Set(runningPids(dir, state.pids).map(([name]) => name));
  for (const [name, pid] of Object.entries(state.pids)) console.log(`${name.padEnd(8)} ${running.has(name) ? `running (${pid})` : 'stopped'}`);
  try {
    console.log('HAProxy sees:', await balancerView(state.ports));
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
