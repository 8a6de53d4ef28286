import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { ExposedModule, RemoteModuleId, RemoteName } from '@chirp/seams';
import { takeEarlyAnswer, takeEarlyModules } from './early-start';
import { checkSessionContract, IncompatibleRemoteError, remoteBuildVersion } from './session-contract';

type RemoteEntries = Record<RemoteName, string>;

let entries: Promise<RemoteEntries> | null = null;
/** Registered again (forced) after remotes.json is read anew: a remote may have moved meanwhile. */
let registered = false;

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
      registerRemotes(
        Object.entries(map).map(([name, entry]) => ({ name, entry, type: 'module' as const })),
        { force: registered },
      );
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

/** The build of the remote `name` deployed now, as its manifest names it; null when it cannot be read. */
export async function remoteBuild(name: RemoteName): Promise<string | null> {
  try {
    return await remoteBuildVersion((await remoteEntries())[name]);
  } catch {
    return null;
  }
}

/** How long after the shown screen's module loaded the next screen's code starts downloading. */
const SETTLE_MS = 300;

/** Modules on their way to the next screen (prefetchRemoteModules). */
export interface Prefetch {
  /** Downloads them at once, if that has not begun: the person is on the way to that screen. */
  now(): void;
  /** Downloads nothing more (a download begun goes on). */
  cancel(): void;
}

/**
 * Downloads modules the next screen will need while the browser is idle, so that screen shows at
 * once. It waits for `after` (the module of the screen being shown) so that on a slow network the
 * next screen's code never competes with this one's, unless asked for `now()`. Best effort: a
 * failure is left for the area that needs the module, which says so.
 */
export function prefetchRemoteModules(ids: RemoteModuleId[], { after }: { after?: RemoteModuleId } = {}): Prefetch {
  const idle = globalThis.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
  const cancelIdle = globalThis.cancelIdleCallback ?? clearTimeout;
  let cancelled = false;
  let begun = false;
  let handle: number | undefined;
  const begin = () => {
    if (cancelled || begun) return;
    begun = true;
    for (const id of ids) loadRemoteModule(id, 0).catch(() => undefined);
  };
  const start = () => {
    if (!cancelled && !begun) handle = idle(begin) as number;
  };
  // The screen shown has loaded, painted, and the person has begun to read it.
  const settled = () => void setTimeout(start, SETTLE_MS);
  if (after) loadRemoteModule(after, 0).then(settled, settled);
  else start();
  return {
    now: begin,
    cancel: () => {
      cancelled = true;
      if (handle !== undefined) cancelIdle(handle);
    },
  };
}

/** Remote modules on their way and those arrived: whenQuiet (offline/when-quiet.ts) waits for none on its way. */
const loads = { pending: 0, done: 0 };
export const remoteLoads = (): Readonly<typeof loads> => ({ ...loads });

/**
 * Loads an exposed module. On a retry the remote is registered again under a fresh entry URL:
 * browsers remember a failed `import()` of a URL, so the same URL would fail forever.
 */
export async function loadRemoteModule<Id extends RemoteModuleId>(id: Id, attempt: number): Promise<ExposedModule<Id>> {
  loads.pending += 1;
  try {
    const module = await loadExposed(id, attempt);
    loads.done += 1;
    loaded.set(`${id}#${attempt}`, module);
    return module;
  } finally {
    loads.pending -= 1;
  }
}

/** The modules already here, by id and attempt: an area shows one at once, without suspending. */
const loaded = new Map<string, unknown>();
export const loadedRemoteModule = <Id extends RemoteModuleId>(id: Id, attempt: number): ExposedModule<Id> | undefined =>
  loaded.get(`${id}#${attempt}`) as ExposedModule<Id> | undefined;

/**
 * Starts loading the first screen's modules (those the early-start script preloaded) as soon as the
 * shell runs, beside the back end's start rather than after it and the first render: by the time
 * the route renders, its module is here and renders at once, in the same pass as the layout.
 * Resolves once each has loaded or failed.
 */
export async function loadFirstScreen(): Promise<void> {
  // A module that fails is the area's to report, with Retry.
  await Promise.allSettled(takeEarlyModules().map((id) => loadRemoteModule(id, 0)));
}

async function loadExposed<Id extends RemoteModuleId>(id: Id, attempt: number): Promise<ExposedModule<Id>> {
  const map = await remoteEntries();
  const name = id.slice(0, id.indexOf('/')) as RemoteName;
  try {
    await sessionContract(name, map[name], id.slice(name.length + 1));
  } catch (error) {
    // A Retry reads remotes.json again: a rollback that points it at the previous build is picked up.
    if (error instanceof IncompatibleRemoteError) entries = null;
    throw error;
  }
  if (attempt > 0) {
    const entry = new URL(map[name], window.location.href);
    entry.searchParams.set('attempt', String(attempt));
    registerRemotes([{ name, entry: entry.href, type: 'module' }], { force: true });
  }
  const module = await loadRemote<ExposedModule<Id>>(id);
  if (!module) throw new Error(`${id} did not load`);
  return module;
}
