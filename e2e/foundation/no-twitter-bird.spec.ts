import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** Runs of the path data of Twitter's bird (shell/build/no-twitter-bird.test.ts checks the sources). */
const BIRD = ['a3.5 3.5 0 0 0-6 3.2A9.9 9.9 0 0 1', 'a2.8 2.8 0 0 0-4.8 2.5A7.9 7.9 0 0 1'];

const filesUnder = (directory: string): string[] =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(directory, entry.name)) : [join(directory, entry.name)],
  );

// Each package's build bundles @chirp/ui's icons and the shell's favicon: the build this run deployed.
test('no built package draws Twitter’s bird', () => {
  const builds = readdirSync(ROOT)
    .map((name) => join(ROOT, name, 'dist'))
    .filter((dist) => existsSync(dist));
  expect(builds.map((dist) => relative(ROOT, dist))).toEqual(expect.arrayContaining(['shell/dist', 'auth-remote/dist', 'feed-remote/dist']));
  const drawn = builds
    .flatMap(filesUnder)
    .filter((file) => /\.(js|css|html|svg|json)$/.test(file) && BIRD.some((run) => readFileSync(file, 'utf8').includes(run)));
  expect(drawn.map((file) => relative(ROOT, file))).toEqual([]);
});
