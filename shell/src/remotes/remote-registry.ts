import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { ExposedModule, RemoteModuleId, RemoteName } from '@chirp/seams';
import { takeEarlyAnswer } from './early-start';
import { checkSessionContract, IncompatibleRemoteError, remoteEntryOf } from './session-contract';

type RemoteEntries = Record<RemoteName, string>;

let entries: Promise<RemoteEntries> | null = null;
/** Registered again (forced) after remotes.json is read anew: a remote may have moved meanwhile. */
let registered = false;
/** The remotes registered under the entry their manifest names (remotes.json pointed at it). */
const registeredFromManifest = new Set<string>();

/** An entry of remotes.json that names the remote's mf-manifest.json rather than its remoteEntry.js. */
const isManifest = (entry: string) => new URL(entry, window.location.href).pathname.endsWith('.json');

const register = (name: string, entry: string, force: boolean) =>
  registerRemotes([{ name, entry, type: 'module' }], { force });

const manifestEntries = new Map<string, Promise<string>>();

/** The remoteEntry.js URL of an entry of remotes.json, read from its manifest when it names one. */
function remoteEntryUrl(entry: string): Promise<string> {
  if (!isManifest(entry)) return Promise.resolve(entry);
  let found = manifestEntries.get(entry);
  if (!found) {
    found = remoteEntryOf(new URL(entry, window.location.href).href);
    found.catch(() => manifestEntries.delete(entry)); // a Retry reads it again
    manifestEntries.set(entry, found);
  }
  return found;
}

/** Reads `remotes.json` beside index.html once, and registers every remote it names. */
function remoteEntries(): Promise<RemoteEntries> {
  // index.html's early-start script asked at once, beside the shell's own code.
  const early = takeEarlyAnswer('remotes') as Promise<RemoteEntries> | undefined;
  entries ??= (
    early ??
    fetch('/remotes.json', { cache: 'no-cache' }).then((response) => {
      if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
      return response.json() as Promise<RemoteEntries>;
    })
  )
    .then((map) => {
      for (const [name, entry] of Object.entries(map)) {
        // A remote named by its manifest is registered once its entry is read from it (loadRemoteModule).
        if (isManifest(entry)) registeredFromManifest.delete(name);
        else register(name, entry, registered);
      }
      registered = true;
      return map;
    })
    .catch((error: unknown) => {
      entries = null; // a later Retry reads the file again
      throw error;
    });
  return entries;
}

const contracts = new Map<string, Promise<void>>();

/** The remote's session check, once per entry URL (a failed fetch is asked again next time). */
function sessionContract(name: RemoteName, entry: string, exposed: string): Promise<void> {
  let check = contracts.get(entry);
  if (!check) {
    check = checkSessionContract(name, entry, exposed).catch((error: unknown) => {
      if (!(error instanceof IncompatibleRemoteError)) contracts.delete(entry);
      throw error;
    });
    contracts.set(entry, check);
  }
  return check;
}

/** Starts reading remotes.json at once (beside the back end's start); failures surface on use. */
export function prepareRemotes(): void {
  remoteEntries().catch(() => {
    // Each remote area reports it, with Retry.
  });
}

/** How long after the shown screen's module loaded the next screen's code starts downloading. */
const SETTLE_MS = 300;

/**
 * Downloads modules the next screen will need while the browser is idle, so that screen shows at
 * once. It waits for `after` (the module of the screen being shown) so that on a slow network the
 * next screen's code never competes with this one's. Best effort: a failure is left for the area
 * that needs the module, which says so.
 */
export function prefetchRemoteModules(ids: RemoteModuleId[], { after }: { after?: RemoteModuleId } = {}): () => void {
  const idle = globalThis.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
  const cancelIdle = globalThis.cancelIdleCallback ?? clearTimeout;
  let cancelled = false;
  let handle: number | undefined;
  const start = () => {
    if (cancelled) return;
    handle = idle(() => {
      for (const id of ids) loadRemoteModule(id, 0).catch(() => undefined);
    }) as number;
  };
  // The screen shown has loaded, painted, and the person has begun to read it.
  const settled = () => void setTimeout(start, SETTLE_MS);
  if (after) loadRemoteModule(after, 0).then(settled, settled);
  else start();
  return () => {
    cancelled = true;
    if (handle !== undefined) cancelIdle(handle);
  };
}

/**
 * Loads an exposed module. On a retry the remote is registered again under a fresh entry URL:
 * browsers remember a failed `import()` of a URL, so the same URL would fail forever.
 */
export async function loadRemoteModule<Id extends RemoteModuleId>(id: Id, attempt: number): Promise<ExposedModule<Id>> {
  const map = await remoteEntries();
  const name = id.slice(0, id.indexOf('/')) as RemoteName;
  const entryUrl = remoteEntryUrl(map[name]);
  entryUrl.catch(() => undefined); // reported below, after the session check
  try {
    await sessionContract(name, map[name], id.slice(name.length + 1));
  } catch (error) {
    // A Retry reads remotes.json again: a rollback that points it at the previous build is picked up.
    if (error instanceof IncompatibleRemoteError) entries = null;
    throw error;
  }
  const entry = new URL(await entryUrl, window.location.href);
  if (attempt > 0) {
    entry.searchParams.set('attempt', String(attempt));
    register(name, entry.href, true);
  } else if (isManifest(map[name]) && !registeredFromManifest.has(name)) {
    register(name, entry.href, true);
    registeredFromManifest.add(name);
  }
  const module = await loadRemote<ExposedModule<Id>>(id);
  if (!module) throw new Error(`${id} did not load`);
  return module;
}
