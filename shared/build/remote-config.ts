import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { devPorts, previewPorts, type RemoteName, sharedSingletons } from './federation.ts';
import { precompress } from './precompress.ts';

interface RemoteOptions {
  name: RemoteName;
  /** Modules the remote offers the shell, keyed './Name'. */
  exposes: Record<string, string>;
}

/** The Vite config of a remote: its own dev port, its own dist/, and the common shared singletons. */
export function defineRemoteConfig({ name, exposes }: RemoteOptions) {
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
        dts: false,
        bundleAllCSS: true,
        // The shell provides the one federation runtime of the page (production only: in dev a
        // remote may be opened on its own).
        experiments: { externalRuntime: command === 'build' },
      }),
      precompress(),
    ],
    server: { port: devPorts[name], strictPort: true, origin: `http://localhost:${devPorts[name]}` },
    preview: { port: previewPorts[name], strictPort: true },
    build: { target: 'esnext', outDir: 'dist', emptyOutDir: true },
  }));
}
