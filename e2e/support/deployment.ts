import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
// @ts-expect-error plain ESM script without types
import { startServers } from '../../scripts/serve.mjs';

export type Site = 'shell' | 'auth' | 'feed' | 'profile';
const REMOTES: Site[] = ['auth', 'feed', 'profile'];
const ROOT = resolve(import.meta.dirname, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Running {
  name: Site;
  server: Server;
  url: string;
}

export interface Deployment {
  urls: Record<Site, string>;
  /** The deployed copy of the shell (its remotes.json may be edited). */
  shellDirectory: string;
  stop: (site: Site) => Promise<void>;
  start: (site: Site) => Promise<void>;
  close: () => Promise<void>;
}

/**
 * Deploys the production builds as an operator would: a copy of the shell whose `remotes.json` and
 * `config.json` are written for this deployment (no rebuild), and each package on its own port.
 */
export async function deploy(options: { name: string; config?: Record<string, unknown> }): Promise<Deployment> {
  const ports = {} as Record<Site, number>;
  for (const site of ['shell', ...REMOTES] as Site[]) ports[site] = await freePort();
  const urls = Object.fromEntries(
    Object.entries(ports).map(([site, port]) => [site, `http://localhost:${port}`]),
  ) as Record<Site, string>;

  const shellDirectory = join(ROOT, '.cache', 'e2e', options.name);
  rmSync(shellDirectory, { recursive: true, force: true });
  mkdirSync(shellDirectory, { recursive: true });
  cpSync(join(ROOT, 'shell', 'dist'), shellDirectory, { recursive: true });
  writeRemotes(shellDirectory, Object.fromEntries(REMOTES.map((site) => [site, `${urls[site]}/remoteEntry.js`])));
  writeFileSync(join(shellDirectory, 'config.json'), JSON.stringify({ mockDelayMs: 0, ...options.config }));

  const running = new Map<Site, Running>();
  const start = async (site: Site) => {
    const [started] = (await startServers({
      ports: { [site]: ports[site] },
      only: [site],
      directories: { shell: shellDirectory },
    })) as Running[];
    running.set(site, started);
  };
  const stop = async (site: Site) => {
    const entry = running.get(site);
    running.delete(site);
    if (!entry) return;
    entry.server.closeAllConnections();
    await new Promise<void>((done) => entry.server.close(() => done()));
  };
  for (const site of Object.keys(ports) as Site[]) await start(site);
  return {
    urls,
    shellDirectory,
    start,
    stop,
    close: async () => {
      for (const site of [...running.keys()]) await stop(site);
    },
  };
}

export function writeRemotes(shellDirectory: string, entries: Record<string, string>) {
  writeFileSync(join(shellDirectory, 'remotes.json'), `${JSON.stringify(entries, null, 2)}\n`);
}
