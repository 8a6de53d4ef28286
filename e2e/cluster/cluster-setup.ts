import { execSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findTestChromium } from '../support/chromium';
import { freePort } from '../support/deployment';
import { startCluster, type ClusterPorts } from './cluster';
import { E2E_MODERATOR } from '../support/moderator';

/**
 * `npm run test:cluster`: builds the app (unless E2E_SKIP_BUILD=1) and starts the local cluster on
 * free ports in a folder of its own; the teardown stops it and removes the folder. The journeys log in
 * and post far more often than a person: the per-address and posting limits are raised out of their
 * way, the per-account failure limit (which the limits test measures) stays as shipped. The journeys
 * log in as the demo accounts: this cluster lays them (SEED_DEMO=1), which `npm run cluster` does not.
 */
export default async function clusterSetup() {
  process.env.CHROME_PATH = findTestChromium();
  if (process.env.E2E_SKIP_BUILD !== '1') {
    execSync('npm run build', { cwd: resolve(import.meta.dirname, '..', '..'), stdio: 'inherit' });
  }
  const port = () => freePort();
  const ports: ClusterPorts = {
    lb: await port(),
    stats: await port(),
    api: [await port(), await port(), await port()],
    pgbouncer: await port(),
    primary: await port(),
    replica: await port(),
    shell: await port(),
    auth: await port(),
    feed: await port(),
    profile: await port(),
    notifications: await port(),
  };
  const dir = mkdtempSync(join(tmpdir(), 'chirp-cluster-test-'));
  const cluster = await startCluster({
    dir,
    ports,
    extraEnv: {
      AUTH_RATE_LIMIT: '100000',
      POSTS_PER_MINUTE: '100000',
      UPLOADS_PER_HOUR: '100000',
      SEED_DEMO: '1',
      CHIRP_MODERATORS: E2E_MODERATOR.username,
    },
  });
  process.env.CHIRP_CLUSTER_DIR = dir;
  return () => cluster.stop({ remove: true });
}
