import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * Runs of the path data that drew Twitter's bird (another company's trademark) as Chirp's logo and
 * favicon: one of them in a file means the bird is drawn there again, at whatever size.
 */
const BIRD = ['a3.5 3.5 0 0 0-6 3.2A9.9 9.9 0 0 1', 'a2.8 2.8 0 0 0-4.8 2.5A7.9 7.9 0 0 1'];

/** Files that can hold a drawing's path data: the sources, and what a build writes out. */
const TEXT = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.html', '.css', '.svg', '.json', '.md']);
const SKIPPED = new Set(['node_modules', '.git', '.cache', 'test-results', 'playwright-report']);
/** The two checks themselves hold the runs they look for. */
const CHECKS = new Set([import.meta.filename, join(ROOT, 'e2e', 'foundation', 'no-twitter-bird.spec.ts')]);

function textFilesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return textFilesUnder(path);
    return TEXT.has(extname(entry.name)) && !CHECKS.has(path) ? [path] : [];
  });
}

const withTheBird = (files: string[]) =>
  files.filter((file) => BIRD.some((run) => readFileSync(file, 'utf8').includes(run))).map((file) => relative(ROOT, file));

describe('Chirp draws its own mark, not Twitter’s bird', () => {
  it('nowhere in the repository’s sources: the shell, @chirp/ui, the remotes, the docs', () => {
    expect(withTheBird(textFilesUnder(ROOT).filter((file) => !file.includes(`${sep}dist${sep}`)))).toEqual([]);
  });
  // The built packages are checked by e2e/foundation/no-twitter-bird.spec.ts, which runs after the build.
});
