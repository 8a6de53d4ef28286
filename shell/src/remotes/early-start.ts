import type { RemoteModuleId } from '@chirp/seams';
/** What the early-start script inlined in index.html (shell/build/early-start.js) asked for. */
interface EarlyStart {
  config?: Promise<unknown>;
  remotes?: Promise<unknown>;
  /** Remote manifests (mf-manifest.json) by URL; null where one did not answer. */
  manifests?: Record<string, Promise<unknown> | undefined>;
  /** The first screen's exposed modules, from the shell's own build (STARTUP_ROUTES). */
  modules?: RemoteModuleId[];
}

const earlyStart = () => (globalThis as { __chirpStartup?: EarlyStart }).__chirpStartup;

/**
 * The answer the early-start script already asked for, taken once (a Retry asks again), or
 * undefined when there is none (the dev server, a test).
 */
export function takeEarlyAnswer(key: 'config' | 'remotes'): Promise<unknown> | undefined {
  const early = earlyStart();
  const answer = early?.[key];
  if (early) delete early[key];
  return answer;
}

/** The manifest at `url` that the early-start script already asked for, taken once, if any. */
export function takeEarlyManifest(url: string): Promise<unknown> | undefined {
  const manifests = earlyStart()?.manifests;
  const answer = manifests?.[url];
  if (manifests) delete manifests[url];
  return answer;
}

/** The first screen's exposed modules, as the early-start script chose them for this path, taken once. */
export function takeEarlyModules(): RemoteModuleId[] {
  const early = earlyStart();
  const modules = early?.modules ?? [];
  if (early) delete early.modules;
  return modules;
}
