// @vitest-environment node
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leanRemote } from './lean-remote';

/** A remote of two modules, built as the real ones are; inside the repository, so react resolves. */
const root = resolve(import.meta.dirname, '../../.cache', `lean-remote-test-${process.pid}`);
const dist = join(root, 'dist');
const read = (file: string) => readFileSync(join(dist, file), 'utf8');

interface Manifest {
  shared: { name: string; version: string; requiredVersion: string; singleton: boolean }[];
  exposes: { name: string; path: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
  metaData: { remoteEntry: { name: string; type: string } };
}
let manifest: Manifest;

beforeAll(async () => {
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(join(root, 'package.json'), '{ "name": "fixture", "type": "module" }');
  writeFileSync(join(root, 'src/greeting.css'), '.greeting { color: rebeccapurple; }');
  writeFileSync(
    join(root, 'src/greeting.js'),
    "import { useState } from 'react';\nimport './greeting.css';\nexport default function Greeting() { return useState('hello')[0]; }\n",
  );
  writeFileSync(join(root, 'src/other.js'), "export const other = 'other';\n");
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    base: './',
    plugins: [
      leanRemote({
        name: 'fixture',
        exposes: { './Greeting': './src/greeting.js', './Other': './src/other.js' },
        shared: { react: { singleton: true, requiredVersion: '^19.0.0' } },
      }),
    ],
    build: { outDir: dist, target: 'esnext' },
  });
  manifest = JSON.parse(read('mf-manifest.json')) as Manifest;
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a remote built as a lean container', () => {
  it('has a remoteEntry.js that offers the runtime init() and get()', () => {
    const entry = read('remoteEntry.js');
    expect(entry).toMatch(/export\s*\{[^}]*\bas get\b/);
    expect(entry).toMatch(/export\s*\{[^}]*\bas init\b/);
    expect(manifest.metaData.remoteEntry).toEqual({ name: 'remoteEntry.js', path: '', type: 'module' });
  });

  it('declares its shared packages with the version it was built against and the range it needs', () => {
    const react = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../node_modules/react/package.json'), 'utf8')) as {
      version: string;
    };
    expect(manifest.shared).toEqual([
      expect.objectContaining({ name: 'react', version: react.version, requiredVersion: '^19.0.0', singleton: true }),
    ]);
  });

  it('lists each exposed module with the files it loads, which exist, and its CSS', () => {
    const greeting = manifest.exposes.find((exposed) => exposed.name === 'Greeting')!;
    expect(greeting.path).toBe('./Greeting');
    const code = greeting.assets.js.sync.map(read).join('\n');
    expect(code).toContain('hello');
    expect(greeting.assets.css.sync).toHaveLength(1);
    expect(read(greeting.assets.css.sync[0])).toContain('.greeting');
    expect(manifest.exposes.map((exposed) => exposed.name).sort()).toEqual(['Greeting', 'Other']);
  });

  it('takes react from the page: what an exposed module loads holds no copy of it, only its bridge', () => {
    const greeting = manifest.exposes.find((exposed) => exposed.name === 'Greeting')!;
    const loaded = greeting.assets.js.sync;
    expect(loaded.some((file) => file.includes('shared-bridges'))).toBe(true);
    expect(loaded.map(read).join('\n')).not.toContain('react.transitional.element');
  });

  it('keeps the bridges out of what remoteEntry.js imports before init() (they wait for it)', () => {
    const entryImports = [...read('remoteEntry.js').matchAll(/import\s*\{[^}]*\}\s*from\s*["']([^"']+)["']/g)].map((match) => match[1]);
    expect(entryImports.length).toBeGreaterThan(0);
    expect(entryImports.some((file) => file.includes('shared-bridges'))).toBe(false);
  });
});
