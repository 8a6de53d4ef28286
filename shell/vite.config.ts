import { fileURLToPath } from 'node:url';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { devPorts, previewPorts, remoteNames, shareStrategy, sharedSingletons } from '../shared/build/federation.ts';
import { leanHost } from '../shared/build/lean-host.ts';
import { browserRouteTable } from '../shared/build/browser-route-table.ts';
import { precompress } from '../shared/build/precompress.ts';
import { appFrame } from './build/app-frame.ts';
import { appIcons } from './build/app-icons.ts';
import { prerenderPublicPages } from './build/prerender/plugin.ts';
import { webAppManifest } from './build/web-app-manifest.ts';
import { startupPreloads } from './build/startup-preloads.ts';

/**
 * Writes `remotes.json` (remote name → entry URL) beside index.html. The shell reads it at run time,
 * so a deployment can move a remote by editing this one file, with no rebuild.
 * Build-time values: AUTH_REMOTE_URL, FEED_REMOTE_URL, PROFILE_REMOTE_URL, NOTIFICATIONS_REMOTE_URL
 * (full entry URLs).
 */
function remotesManifest(): Plugin {
  const entries = (command: 'serve' | 'build') =>
    Object.fromEntries(
      remoteNames.map((name) => {
        const port = command === 'serve' ? devPorts[name] : previewPorts[name];
        const fromEnv = process.env[`${name.toUpperCase()}_REMOTE_URL`];
        return [name, fromEnv || `http://localhost:${port}/remoteEntry.js`];
      }),
    );
  return {
    name: 'chirp-remotes-manifest',
    configureServer(server) {
      server.middlewares.use('/remotes.json', (_request, response) => {
        response.setHeader('content-type', 'application/json');
        response.setHeader('cache-control', 'no-cache');
        response.end(JSON.stringify(entries('serve'), null, 2));
      });
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'remotes.json',
        source: `${JSON.stringify(entries('build'), null, 2)}\n`,
      });
    },
  };
}

/** The federation SDK's Node script loader (a third of the SDK) swapped for a stand-in: see the file. */
function browserOnlyFederationSdk(): Plugin {
  const standIn = fileURLToPath(new URL('./build/without-node-script-loading.ts', import.meta.url));
  return {
    name: 'chirp-browser-only-federation-sdk',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === './node.js' && importer && /@module-federation[\\/]sdk[\\/]dist[\\/]index\.js$/.test(importer) ? standIn : null;
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    browserRouteTable(),
    browserOnlyFederationSdk(),
    remotesManifest(),
    appIcons(),
    appFrame(),
    prerenderPublicPages(),
    // The build starts the page's federation runtime itself (../shared/build/lean-host.ts); the dev
    // server keeps the federation plugin's host, which the remotes' dev servers are made for.
    command === 'build'
      ? leanHost({ name: 'shell', entry: 'src/main.tsx', shared: sharedSingletons })
      : federation({
          name: 'shell',
          remotes: {},
          shared: sharedSingletons,
          shareStrategy,
          dts: false,
          experiments: { provideExternalRuntime: true },
        }),
    startupPreloads({ serverBuild: Boolean(process.env.VITE_API_BASE_URL) }),
    // The web app manifest and the service worker (service-worker/sw.ts), built only for production:
    // the dev server's modules change on every edit and must never be served from a cache.
    // vite-plugin-pwa builds our own worker with Workbox's modules and writes the shell's file list
    // into it (a new list, so a new worker, for each build); it does not register it
    // (src/offline/service-worker.ts does, once the first screen is up).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: webAppManifest(),
      injectManifest: {
        // The shell's code, styles, page, icons and built-in pictures (avatars, the seeded posts' images):
        // not the deploy-time JSON files (served network-first) nor the precompressed copies.
        globPatterns: ['**/*.{js,css,html,svg,png,jpg,webp}'],
        globIgnores: ['sw.js'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
    precompress(),
  ],
  resolve: {
    // MirageJS imports lodash one CommonJS module at a time (lodash/cloneDeep, …). es-toolkit's compat
    // build is a drop-in for each (same path, same default export, tested against lodash's own suite)
    // at half the size: Mirage's 19 functions are 5.4 KiB gzip instead of lodash-es's 10.8.
    alias: [
      { find: /^lodash\/(.+)$/, replacement: 'es-toolkit/compat/$1' },
      // The in-browser back end gives Mirage an interceptor that answers fetch: Pretender, its XHR
      // polyfill and its router (35 KiB) are never used.
      { find: /^pretender$/, replacement: fileURLToPath(new URL('./build/without-pretender.ts', import.meta.url)) },
      { find: /^@miragejs\/pretender-node-polyfill\/(before|after)$/, replacement: fileURLToPath(new URL('./build/without-pretender.ts', import.meta.url)) },
      // Nor are Mirage's models and serializers, the only users of its inflections (8 KiB).
      { find: /^inflected$/, replacement: fileURLToPath(new URL('./build/without-inflections.ts', import.meta.url)) },
    ],
  },
  server: { port: devPorts.shell, strictPort: true },
  preview: { port: previewPorts.shell, strictPort: true },
  build: {
    target: 'esnext',
    // One stylesheet: the page's first paint waits for every stylesheet it links, and a chunk fetched
    // on demand (the shortcuts list) would otherwise bring a second, tiny one into that wait.
    cssCodeSplit: false,
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      // Chunks named for what they hold (the startup waterfall in docs/performance.md reads them), split
      // where the code changes at different times: a release of the app keeps React's file cached.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'federation-runtime', test: /node_modules[\\/]@module-federation[\\/]/ },
          ],
        },
      },
    },
  },
}));
