// @vitest-environment node
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leanHost } from './lean-host';

/** A host built as the shell is, then run: inside the repository, so its packages resolve. */
const root = resolve(import.meta.dirname, '../../.cache', `lean-host-test-${process.pid}`);
const dist = join(root, 'dist');

interface Provider {
  version: string;
  from: string;
  loaded?: boolean;
  lib?: () => Record<string, unknown>;
  shareConfig: { singleton: boolean; requiredVersion: string };
}
interface FederationGlobal {
  __FEDERATION__: { __INSTANCES__: { name: string; shareScopeMap: Record<string, Record<string, Record<string, Provider>>> }[] };
  _FEDERATION_RUNTIME_CORE?: { ModuleFederation: unknown };
  started?: boolean;
}
const page = globalThis as unknown as FederationGlobal;

beforeAll(async () => {
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(join(root, 'package.json'), '{ "name": "fixture-host", "type": "module" }');
  writeFileSync(join(root, 'src/main.js'), 'globalThis.started = Boolean(globalThis._FEDERATION_RUNTIME_CORE);\n');
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [
      leanHost({
        name: 'fixture-host',
        entry: 'src/main.js',
        shared: {
          react: { singleton: true, requiredVersion: '^19.0.0' },
          'react-router-dom': {
            singleton: true,
            requiredVersion: '^7.0.0',
            treeShaking: { mode: 'runtime-infer', usedExports: ['Link', 'useParams'] },
          },
        },
      }),
    ],
    build: { outDir: dist, target: 'esnext', ssr: false, rollupOptions: { input: join(root, 'src/main.js') } },
  });
  const entry = readdirSync(join(dist, 'assets')).find((file) => file.startsWith('main') && file.endsWith('.js'))!;
  await import(/* @vite-ignore */ pathToFileURL(join(dist, 'assets', entry)).href);
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const providers = () => page.__FEDERATION__.__INSTANCES__.find((instance) => instance.name === 'fixture-host')!.shareScopeMap.default;

describe('a host built with the lean federation host', () => {
  it('starts the federation runtime before its own entry, and publishes its core for the remotes', () => {
    expect(page.started).toBe(true);
    expect(typeof page._FEDERATION_RUNTIME_CORE?.ModuleFederation).toBe('function');
  });

  it('offers its copies of the shared packages, loaded, with their versions and the ranges they satisfy', () => {
    const react = Object.values(providers().react)[0];
    expect(react).toMatchObject({ from: 'fixture-host', shareConfig: { singleton: true, requiredVersion: '^19.0.0' } });
    expect(react.version).toMatch(/^19\./);
    expect(typeof react.lib?.().useState).toBe('function');
    expect(Object.keys(providers()['react/jsx-runtime'] ?? {})).toEqual([react.version]);
  });

  it('offers a package held in part as exactly the exports the remotes may use', () => {
    const router = Object.values(providers()['react-router-dom'])[0];
    expect(Object.keys(router.lib?.() ?? {}).sort()).toEqual(['Link', 'useParams']);
  });
});
