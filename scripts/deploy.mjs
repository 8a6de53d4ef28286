/**
 * Deploys the production builds as an operator would, for tests and benchmarks: a copy of the shell
 * whose `remotes.json` and `config.json` are written for this deployment (no rebuild), and each
 * package served from its own port.
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServers } from './serve.mjs';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const REMOTES = ['auth', 'feed', 'profile', 'notifications'];

/** A port the system offers now (it may offer the same one again once it is closed). */
function portOffered() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Ports this process has handed out: each is for one server, which may not listen on it yet. */
const handedOut = new Set();

/**
 * @returns {Promise<number>} a port nobody listens on now and that this process has not handed out
 *   before: the system offers a port again as soon as it is closed, so two deployments made side
 *   by side (or a deployment and the API server it is configured for) could otherwise get the same.
 */
export async function freePort() {
  for (;;) {
    const port = await portOffered();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/** Writes the shell's remote map (remote name → entry URL). */
export function writeRemotes(shellDirectory, entries) {
  writeFileSync(join(shellDirectory, 'remotes.json'), `${JSON.stringify(entries, null, 2)}\n`);
}

/**
 * @param {{ name: string, config?: Record<string, unknown> | null }} options `name` names the deployed
 *   copy's folder under .cache/; `config` is merged into its config.json (mockDelayMs is 0 unless
 *   set); null keeps the build's own config.json, as shipped.
 */
export async function deploy({ name, config = {} }) {
  const ports = {};
  for (const site of ['shell', ...REMOTES]) ports[site] = await freePort();
  const urls = Object.fromEntries(Object.entries(ports).map(([site, port]) => [site, `http://localhost:${port}`]));

  const shellDirectory = join(ROOT, '.cache', 'deployments', name);
  rmSync(shellDirectory, { recursive: true, force: true });
  mkdirSync(shellDirectory, { recursive: true });
  // With the build's times, as `cp -p` or rsync -a keep them: a copy made in readdir order can leave
  // a file newer than its brotli copy, and the server then (rightly) answers with gzip made on the fly.
  cpSync(join(ROOT, 'shell', 'dist'), shellDirectory, { recursive: true, preserveTimestamps: true });
  writeRemotes(shellDirectory, Object.fromEntries(REMOTES.map((site) => [site, `${urls[site]}/remoteEntry.js`])));
  if (config) writeFileSync(join(shellDirectory, 'config.json'), JSON.stringify({ mockDelayMs: 0, ...config }));

  const running = new Map();
  const start = async (site) => {
    const [started] = await startServers({
      ports: { [site]: ports[site] },
      only: [site],
      directories: { shell: shellDirectory },
    });
    running.set(site, started);
  };
  const stop = async (site) => {
    const entry = running.get(site);
    running.delete(site);
    if (!entry) return;
    entry.server.closeAllConnections();
    await new Promise((done) => entry.server.close(() => done()));
  };
  for (const site of Object.keys(ports)) await start(site);
  return {
    urls,
    shellDirectory,
    start,
    stop,
    close: async () => {
      for (const site of [...running.keys()]) await stop(site);
      rmSync(shellDirectory, { recursive: true, force: true });
    },
  };
}
