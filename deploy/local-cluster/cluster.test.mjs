// @vitest-environment node
/**
 * The local cluster's script, without starting a cluster: what it refuses to trust in its folder, who
 * may connect to its PostgreSQL, and that its instances lay no demo accounts unless asked. The cluster
 * itself runs in `npm run test:cluster`.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { attachCluster, DEFAULT_PORTS, instanceEnv, stopCluster } from './cluster.mjs';
import { pgbouncerConfig, pgHbaConfig } from './configs.mjs';

const folders = [];
/** A folder as the script makes one: ours, 0700. */
const clusterFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'chirp-cluster-unit-'));
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const runs = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function otherProcess() {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  return child;
}

describe('npm run cluster:stop', () => {
  it('ends no process the state file names that is not one the cluster started', async () => {
    const dir = clusterFolder();
    const bystander = await otherProcess();
    try {
      writeFileSync(join(dir, 'cluster.json'), JSON.stringify({ ports: DEFAULT_PORTS, pids: { api1: bystander.pid, static: bystander.pid } }), { mode: 0o600 });
      writeFileSync(join(dir, 'haproxy.pid'), `${bystander.pid}\n`);
      await stopCluster({ dir });
      expect(runs(bystander.pid)).toBe(true);
    } finally {
      bystander.kill('SIGKILL');
    }
  });

  it('refuses a folder other users may enter, or a state file another user could have written', async () => {
    const bystander = await otherProcess();
    try {
      const open = clusterFolder();
      chmodSync(open, 0o755);
      writeFileSync(join(open, 'cluster.json'), JSON.stringify({ ports: DEFAULT_PORTS, pids: { static: bystander.pid } }), { mode: 0o600 });
      await expect(stopCluster({ dir: open })).rejects.toThrow(/open to other users \(mode 755; 700 wanted\)/);

      const planted = clusterFolder();
      writeFileSync(join(planted, 'cluster.json'), JSON.stringify({ ports: DEFAULT_PORTS, pids: { static: bystander.pid } }), { mode: 0o666 });
      chmodSync(join(planted, 'cluster.json'), 0o666);
      await expect(stopCluster({ dir: planted })).rejects.toThrow(/cluster\.json is open to other users .*did not write it/);
      expect(runs(bystander.pid)).toBe(true);
    } finally {
      bystander.kill('SIGKILL');
    }
  });
});

describe('a running cluster, taken over by another process', () => {
  it('is refused while its secrets could be read by other users', () => {
    const dir = clusterFolder();
    writeFileSync(join(dir, 'cluster.json'), JSON.stringify({ ports: DEFAULT_PORTS, pids: {} }), { mode: 0o600 });
    const secrets = { adminPassword: 'a1', appPassword: 'b2', replicationPassword: 'c3', jwtSecret: 'd4' };
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify(secrets), { mode: 0o644 });
    chmodSync(join(dir, 'secrets.json'), 0o644);
    expect(() => attachCluster(dir)).toThrow(/secrets\.json is open to other users \(mode 644; 600 wanted\)/);
    chmodSync(join(dir, 'secrets.json'), 0o600);
    expect(attachCluster(dir).primaryUrl).toBe(`postgres://chirp:b2@127.0.0.1:${DEFAULT_PORTS.primary}/chirp`);
  });
});

describe("the cluster's PostgreSQL", () => {
  const roles = { host: '127.0.0.1', database: 'chirp', appRole: 'chirp', replicationRole: 'chirp_replication', adminRole: 'postgres' };
  const rules = pgHbaConfig(roles)
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.split(/\s+/));

  it('asks everyone for a password: no rule trusts a connection', () => {
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) expect(rule.at(-1)).toBe('scram-sha-256');
  });

  it('lets the superuser in on the socket only, the app to its database only, the replica to the WAL stream only', () => {
    expect(rules).toEqual([
      ['local', 'all', 'postgres', 'scram-sha-256'],
      ['host', 'chirp', 'chirp', '127.0.0.1/32', 'scram-sha-256'],
      ['host', 'replication', 'chirp_replication', '127.0.0.1/32', 'scram-sha-256'],
    ]);
  });

  it('gives the app role no say over PgBouncer itself', () => {
    expect(pgbouncerConfig({ dir: '/c', host: '127.0.0.1', ports: DEFAULT_PORTS, database: 'chirp' })).not.toMatch(/admin_users|stats_users/);
  });
});

describe('the API instances', () => {
  const cluster = { dir: '/c', ports: DEFAULT_PORTS, appPassword: 'b2', jwtSecret: 'd4', corsOrigins: ['http://localhost:4173'] };

  it('lay the demo accounts (published passwords) only when asked', () => {
    expect(instanceEnv(cluster, 1).SEED_DEMO).not.toBe('1');
    expect(instanceEnv({ ...cluster, extraEnv: { SEED_DEMO: '1' } }, 1).SEED_DEMO).toBe('1');
  });

  it('reach PostgreSQL as the app role', () => {
    const env = instanceEnv(cluster, 2);
    for (const url of [env.DATABASE_URL, env.DATABASE_READ_URL, env.DATABASE_LISTEN_URL]) expect(new URL(url).username).toBe('chirp');
  });
});
