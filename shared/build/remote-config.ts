import { resolve } from 'node:path';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import type { Exposes, RemoteName } from '@chirp/seams';
import { devPorts, previewPorts, shareStrategy, sharedSingletons } from './federation.ts';
import { precompress } from './precompress.ts';

interface RemoteOptions<Remote extends RemoteName> {
  name: Remote;
  /** Modules the remote offers the shell, keyed './Name': exactly those @chirp/seams declares for it. */
  exposes: Exposes<Remote>;
}

interface ManifestExpose {
  path: string;
  assets: { js: { sync: string[] } };
}

/**
 * mf-manifest.json lists an exposed module's chunks and CSS, but not the small entry chunk the
 * remote entry imports first for it: the shell's early-start script preloads what the manifest
 * lists (issue 12), so without it that chunk would be one more round trip after everything else.
 */
function exposedEntriesInManifest(exposes: Record<string, string>): Plugin {
  let root = '';
  return {
    name: 'chirp-exposed-entries-in-manifest',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const manifest = bundle['mf-manifest.json'];
        if (manifest?.type !== 'asset') return;
        const data = JSON.parse(String(manifest.source)) as { exposes: ManifestExpose[] };
        for (const exposed of data.exposes) {
          const file = exposes[exposed.path];
          if (!file) continue;
          const entry = Object.values(bundle).find(
            (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId === resolve(root, file),
          );
          if (entry && !exposed.assets.js.sync.includes(entry.fileName)) exposed.assets.js.sync.unshift(entry.fileName);
        }
        manifest.source = JSON.stringify(data);
      },
    },
  };
}

/** The Vite config of a remote: its own dev port, its own dist/, and the common shared singletons. */
export function defineRemoteConfig<Remote extends RemoteName>({ name, exposes: declared }: RemoteOptions<Remote>) {
  const exposes: Record<string, string> = declared;
  return defineConfig(({ command }): UserConfig => ({
    // Relative asset URLs: the remote's chunks load from wherever its remoteEntry.js is served.
    base: command === 'build' ? './' : `http://localhost:${devPorts[name]}/`,
    plugins: [
      react(),
      federation({
        name,
        filename: 'remoteEntry.js',
        manifest: true,
        exposes,
        shared: sharedSingletons,
        shareStrategy,
        dts: false,
        bundleAllCSS: true,
        // The shell provides the one federation runtime of the page (production only: in dev a
        // remote may be opened on its own).
        experiments: { externalRuntime: command === 'build' },
      }),
      exposedEntriesInManifest(exposes),
      precompress(),
    ],
    server: { port: devPorts[name], strictPort: true, origin: `http://localhost:${devPorts[name]}` },
    preview: { port: previewPorts[name], strictPort: true },
    build: { target: 'esnext', outDir: 'dist', emptyOutDir: true },
  }));
}
