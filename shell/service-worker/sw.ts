/**
 * Chirp's service worker: the app starts without a network once it has been opened, and a remote
 * redeployed alone still shows on the next visit.
 * - The shell's own files are precached for each build (the list is written into this file at build
 *   time): a new build installs a new worker, which drops the files the old one kept.
 * - Pages, remotes.json, config.json and each remote's entry and mf-manifest.json come from the
 *   network first: they name what is deployed now. The last answer is kept for when the network is gone.
 * - Files whose names carry their content's hash (the shell's and the remotes' /assets/) never change:
 *   served from the cache once there.
 * The API is left alone: the in-browser back end answers inside the page, and the real server's
 * answers are the page's business (a cached answer of one account must not reach another).
 */
import { clientsClaim } from 'workbox-core';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CACHES, isDeployFile, isHashedAsset, isRemoteFile, type LoadedFilesMessage } from '../src/offline/sw-routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
enableNavigationPreload();

precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });

const pages = new NetworkFirst({
  cacheName: CACHES.pages,
  // Every route of the app is the same page: one copy answers all of them offline.
  plugins: [{ cacheKeyWillBeUsed: async () => new URL('/', self.location.origin).href }],
});
registerRoute(({ request }) => request.mode === 'navigate', pages);
registerRoute(({ url }) => isDeployFile(url, self.location.origin), new NetworkFirst({ cacheName: CACHES.deploy }));
registerRoute(({ url }) => isRemoteFile(url), new NetworkFirst({ cacheName: CACHES.deploy }));
registerRoute(({ url }) => isHashedAsset(url), new CacheFirst({ cacheName: CACHES.assets }));

// A page never opened online before, offline: the shell's page as built (it reads its deploy files
// from the cache above).
setCatchHandler(async ({ request }) => (request.mode === 'navigate' && (await matchPrecache('/index.html'))) || Response.error());

/**
 * The page that registered this worker loaded its first screen before the worker could see it: it
 * sends the URLs of those files, which are cached here as if the worker had served them. Only what was
 * loaded is kept (a remote's other pages are cached when they are first opened).
 */
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as LoadedFilesMessage | undefined;
  if (message?.type !== 'loaded-files') return;
  event.waitUntil(
    Promise.all(
      message.urls.map(async (href) => {
        const url = new URL(href);
        const cacheName = isHashedAsset(url) ? CACHES.assets : isRemoteFile(url) || isDeployFile(url, self.location.origin) ? CACHES.deploy : null;
        if (!cacheName) return;
        const cache = await caches.open(cacheName);
        if (await cache.match(href)) return;
        const response = await fetch(href, { mode: url.origin === self.location.origin ? 'same-origin' : 'cors' });
        if (response.ok) await cache.put(href, response);
      }),
    ).catch(() => undefined),
  );
});
