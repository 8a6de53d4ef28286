import { SESSION_VERSION } from '@chirp/session';
import { takeEarlyManifest } from './early-start';

/**
 * @chirp/session is the one package of ours shared at run time: its major version is the contract
 * between the shell and the remotes. A remote's mf-manifest.json says which session it was built
 * against (its `shared` entry: version and required range, `^major.0.0`). A remote built against
 * another major is not loaded: it would run against a store and an API client it does not know.
 * A newer or older minor or patch of the same major loads (minors only add).
 */
export class IncompatibleRemoteError extends Error {
  constructor(
    readonly remote: string,
    /** The session version the remote was built against. */
    readonly builtWith: string,
    /** The session version this page provides. */
    readonly provided: string = SESSION_VERSION,
  ) {
    super(`The ${remote} remote was built for @chirp/session ${builtWith}; this page provides ${provided}.`);
    this.name = 'IncompatibleRemoteError';
  }
}

interface ManifestShared {
  name: string;
  version?: string;
  requiredVersion?: string;
}

interface ManifestExpose {
  name: string;
  assets: { js: { sync: string[]; async: string[] }; css: { sync: string[] } };
}

interface Manifest {
  metaData?: { remoteEntry?: { name: string; path: string }; buildInfo?: { buildVersion?: string } };
  shared?: ManifestShared[];
  exposes?: ManifestExpose[];
}

/** Asks for a file ahead of its use (a module or a remote's stylesheet), in CORS mode as its loader asks. */
function preload(href: string, kind: 'module' | 'style' = 'module') {
  if (typeof document === 'undefined' || document.head.querySelector(`link[href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  if (kind === 'style') {
    link.rel = 'preload';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
  }
  // CORS mode, as the module's import() and the remote's <link crossorigin> stylesheets ask.
  link.crossOrigin = '';
  link.href = href;
  document.head.appendChild(link);
}

/**
 * The exposed module's own files, from the manifest, as the early-start script asks for the first
 * screen's (shell/build/early-start.js): with the remote's entry, they download in one wave.
 */
function preloadExposed(manifest: Manifest, base: URL, exposed: string) {
  const module = manifest.exposes?.find((entry) => entry.name === exposed);
  if (!module) return;
  const { js, css } = module.assets;
  for (const file of js.sync) preload(new URL(file, base).href);
  for (const file of css.sync) preload(new URL(file, base).href, 'style');
}

const majorOf = (version: string) => Number(/(\d+)/.exec(version)?.[1] ?? NaN);

/** Whether a session built as `builtWith` (or required as `^N…`) runs on the `provided` one. */
export function sessionCompatible(required: string, provided: string = SESSION_VERSION): boolean {
  return majorOf(required) === majorOf(provided);
}

/** Manifests read for the start's hydration choice, each taken once by the session check that follows. */
const readAhead = new Map<string, Promise<Manifest | null>>();

function readManifest(url: string): Promise<Manifest | null> {
  const ahead = readAhead.get(url);
  readAhead.delete(url);
  return ahead ? ahead.catch(() => fetchManifest(url)) : fetchManifest(url);
}

async function fetchManifest(url: string): Promise<Manifest | null> {
  const early = takeEarlyManifest(url);
  if (early) return (await early.catch(() => null)) as Manifest | null;
  const response = await fetch(url, { cache: 'no-cache' });
  const isJson = response.headers.get('content-type')?.includes('json');
  return response.ok && isJson ? ((await response.json()) as Manifest) : null;
}

const manifestUrl = (entryUrl: string) => new URL('mf-manifest.json', new URL('.', new URL(entryUrl, window.location.href))).href;

/** The build the remote whose entry is `entryUrl` names in its manifest (shared/build/source-fingerprint.ts), if any. */
export async function remoteBuildVersion(entryUrl: string): Promise<string | null> {
  const url = manifestUrl(entryUrl);
  const read = fetchManifest(url);
  readAhead.set(url, read);
  return (await read)?.metaData?.buildInfo?.buildVersion ?? null;
}

/**
 * Resolves when the remote whose entry is `entryUrl` may load; rejects with IncompatibleRemoteError
 * when it was built against another major of the session. A remote without a manifest (the dev
 * server of an older plugin) declares nothing and loads; one whose manifest cannot be fetched fails
 * as its entry would. Meanwhile the entry downloads (it runs only after the check), and once the
 * manifest is read, so do the files of `exposed` (`HomePage`): no round trip is added.
 */
export async function checkSessionContract(remote: string, entryUrl: string, exposed?: string): Promise<void> {
  const entry = new URL(entryUrl, window.location.href);
  // A remote named by its manifest: its entry is known once the manifest is read.
  const byManifest = entry.pathname.endsWith('.json');
  if (!byManifest) preload(entry.href);
  const base = new URL('.', entry);
  const manifest = await readManifest(manifestUrl(entryUrl));
  const remoteEntry = manifest?.metaData?.remoteEntry;
  if (byManifest && remoteEntry) preload(new URL(remoteEntry.path + remoteEntry.name, base).href);
  const session = manifest?.shared?.find((shared) => shared.name === '@chirp/session');
  const required = session?.requiredVersion ?? session?.version;
  if (required && !sessionCompatible(required)) {
    throw new IncompatibleRemoteError(remote, session?.version ?? required);
  }
  if (manifest && exposed) preloadExposed(manifest, base, exposed);
}
