import type { RequestListener, Server } from 'node:http';
// @ts-expect-error plain ESM script, typed below
import * as script from '../../scripts/deploy.mjs';
// @ts-expect-error plain ESM script, typed below
import * as serveScript from '../../scripts/serve.mjs';

export type Site = 'shell' | 'auth' | 'feed' | 'profile' | 'notifications';

export interface Deployment {
  urls: Record<Site, string>;
  /** The deployed copy of the shell (its remotes.json may be edited). */
  shellDirectory: string;
  stop: (site: Site) => Promise<void>;
  start: (site: Site) => Promise<void>;
  close: () => Promise<void>;
}

interface DeployScript {
  deploy: (options: { name: string; config?: Record<string, unknown> | null }) => Promise<Deployment>;
  freePort: () => Promise<number>;
  writeRemotes: (shellDirectory: string, entries: Record<string, string>) => void;
}

/** See scripts/deploy.mjs: the production build, deployed on free ports as an operator would. */
export const { deploy, freePort, writeRemotes } = script as DeployScript;
export type StartedServer = { name: Site; server: Server; url: string };

/** See scripts/serve.mjs: a static site as `npm start` serves each package. */
export const { serveDirectory } = serveScript as { serveDirectory: (directory: string) => RequestListener };
