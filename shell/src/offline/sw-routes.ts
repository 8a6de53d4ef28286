/**
 * What the service worker (service-worker/sw.ts) does with each file, and what the page tells it:
 * apart from the worker, so that the page and the tests read the same rules.
 */

/** The runtime caches (the precache is Workbox's own). */
export const CACHES = { pages: 'chirp-pages', deploy: 'chirp-deploy-files', assets: 'chirp-assets' } as const;

/** The shell's deploy-time files, edited by an operator without a rebuild. */
export const isDeployFile = (url: URL, origin: string) => url.origin === origin && /^\/(remotes|config)\.json$/.test(url.pathname);

/** A remote's entry and its manifest, on whichever origin remotes.json puts it: named, not hashed. */
export const isRemoteFile = (url: URL) => /\/(remoteEntry\.js|mf-manifest\.json)$/.test(url.pathname);

/** A build's file whose name carries its content's hash (Vite's `name-hash.ext` under /assets/). */
export const isHashedAsset = (url: URL) => /\/assets\/[^/]+[-.][A-Za-z0-9_-]{8,}\.(js|css|svg|png|jpe?g|gif|webp|woff2)$/.test(url.pathname);

/** Sent by the page once the worker is active: the files it loaded before the worker controlled it. */
export interface LoadedFilesMessage {
  type: 'loaded-files';
  urls: string[];
}
