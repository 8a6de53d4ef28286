import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import type { Exposes, RemoteName } from '@chirp/seams';
import { devPorts, previewPorts, shareStrategy, sharedSingletons } from './federation.ts';
import { leanRemote } from './lean-remote.ts';
import { precompress } from './precompress.ts';
import { browserRouteTable } from './browser-route-table.ts';

interface RemoteOptions<Remote extends RemoteName> {
  name: Remote;
  /** Modules the remote offers the shell, keyed './Name': exactly those @chirp/seams declares for it. */
  exposes: Exposes<Remote>;
}

/** The Vite config of a remote: its own dev port, its own dist/, and the common shared singletons. */
export function defineRemoteConfig<Remote extends RemoteName>({ name, exposes: declared }: RemoteOptions<Remote>) {
  const exposes: Record<string, string> = declared;
  return defineConfig(({ command }): UserConfig => ({
    // Relative asset URLs: the remote's chunks load from wherever its remoteEntry.js is served.
    base: command === 'build' ? './' : `http://localhost:${devPorts[name]}/`,
    plugins: [
      react(),
      browserRouteTable(),
      // The build is a lean container on the shell's federation runtime (./lean-remote.ts); the dev
      // server keeps the federation plugin's own, so a remote can also be opened on its own there.
      command === 'build'
        ? leanRemote({ name, exposes, shared: sharedSingletons })
        : federation({
            name,
            filename: 'remoteEntry.js',
            manifest: true,
            exposes,
            shared: sharedSingletons,
            shareStrategy,
            dts: false,
            bundleAllCSS: true,
          }),
      precompress(),
    ],
    server: { port: devPorts[name], strictPort: true, origin: `http://localhost:${devPorts[name]}` },
    preview: { port: previewPorts[name], strictPort: true },
    build: { target: 'esnext', outDir: 'dist', emptyOutDir: true },
  }));
}
