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

const majorOf = (version: string) => Number(/(\d+)/.exec(version)?.[1] ?? NaN);

/** Whether a session built as `builtWith` (or required as `^N…`) runs on the `provided` one. */
export function sessionCompatible(required: string, provided: string = SESSION_VERSION): boolean {
  return majorOf(required) === majorOf(provided);
}

async function readManifest(url: string): Promise<{ shared?: ManifestShared[] } | null> {
  const early = takeEarlyManifest(url);
  if (early) return (await early.catch(() => null)) as { shared?: ManifestShared[] } | null;
  const response = await fetch(url, { cache: 'no-cache' });
  const isJson = response.headers.get('content-type')?.includes('json');
  return response.ok && isJson ? ((await response.json()) as { shared?: ManifestShared[] }) : null;
}

/**
 * Resolves when the remote whose entry is `entryUrl` may load; rejects with IncompatibleRemoteError
 * when it was built against another major of the session. A remote without a manifest (the dev
 * server of an older plugin) declares nothing and loads; one whose manifest cannot be fetched fails
 * as its entry would.
 */
export async function checkSessionContract(remote: string, entryUrl: string): Promise<void> {
  const manifest = await readManifest(new URL('mf-manifest.json', new URL(entryUrl, window.location.href)).href);
  const session = manifest?.shared?.find((shared) => shared.name === '@chirp/session');
  const required = session?.requiredVersion ?? session?.version;
  if (required && !sessionCompatible(required)) {
    throw new IncompatibleRemoteError(remote, session?.version ?? required);
  }
}
