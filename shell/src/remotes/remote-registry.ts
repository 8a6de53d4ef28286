import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { RemoteName } from '../../../shared/build/federation';

export type RemoteModuleId = `${RemoteName}/${string}`;
type RemoteEntries = Record<RemoteName, string>;

let entries: Promise<RemoteEntries> | null = null;

/** Reads `remotes.json` beside index.html once, and registers every remote it names. */
function remoteEntries(): Promise<RemoteEntries> {
  entries ??= fetch('/remotes.json', { cache: 'no-cache' })
    .then((response) => {
      if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
      return response.json() as Promise<RemoteEntries>;
    })
    .then((map) => {
      registerRemotes(
        Object.entries(map).map(([name, entry]) => ({ name, entry, type: 'module' as const })),
      );
      return map;
    })
    .catch((error: unknown) => {
      entries = null; // a later Retry reads the file again
      throw error;
    });
  return entries;
}

/** Starts reading remotes.json at once (beside the back end's start); failures surface on use. */
export function prepareRemotes(): void {
  remoteEntries().catch(() => {
    // Each remote area reports it, with Retry.
  });
}

/**
 * Downloads modules the next screen will need while the browser is idle, so that screen shows at
 * once. Best effort: a failure is left for the area that needs the module, which says so.
 */
export function prefetchRemoteModules(ids: RemoteModuleId[]): () => void {
  const idle = globalThis.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
  const cancelIdle = globalThis.cancelIdleCallback ?? clearTimeout;
  const handle = idle(() => {
    for (const id of ids) loadRemoteModule(id, 0).catch(() => undefined);
  });
  return () => cancelIdle(handle as number);
}

/**
 * Loads an exposed module. On a retry the remote is registered again under a fresh entry URL:
 * browsers remember a failed `import()` of a URL, so the same URL would fail forever.
 */
export async function loadRemoteModule<T>(id: RemoteModuleId, attempt: number): Promise<T> {
  const map = await remoteEntries();
  const name = id.slice(0, id.indexOf('/')) as RemoteName;
  if (attempt > 0) {
    const entry = new URL(map[name], window.location.href);
    entry.searchParams.set('attempt', String(attempt));
    registerRemotes([{ name, entry: entry.href, type: 'module' }], { force: true });
  }
  const module = await loadRemote<T>(id);
  if (!module) throw new Error(`${id} did not load`);
  return module;
}
