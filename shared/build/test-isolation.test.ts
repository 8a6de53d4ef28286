// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_PACKAGES, REPLACE_MODULES } from './test-isolation';

const ROOT = resolve(import.meta.dirname, '../..');

/** Every test file under the browser packages' source folders, relative to the repository. */
function browserTestFiles(): string[] {
  const roots = [...APP_PACKAGES, ...readdirSync(join(ROOT, 'shared')).map((name) => `shared/${name}`)].map((folder) => `${folder}/src`);
  return roots.flatMap((root) => {
    let names: string[];
    try {
      names = readdirSync(join(ROOT, root), { recursive: true }) as string[];
    } catch {
      return []; // a shared package without a src folder
    }
    return names.filter((name) => /\.test\.tsx?$/.test(name)).map((name) => join(root, name));
  });
}

describe('the browser tests that share their worker', () => {
  it('leave out every file that replaces a module or imports the modules anew, and only those', () => {
    const files = browserTestFiles();
    expect(files.length).toBeGreaterThan(50);
    const replacing = files.filter((file) => /\bvi\.((do)?mock|resetModules)\(/i.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(replacing.sort()).toEqual([...REPLACE_MODULES].sort());
  });
});
