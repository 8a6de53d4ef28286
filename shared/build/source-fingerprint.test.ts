// @vitest-environment node
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceFingerprint } from './source-fingerprint';

const made: string[] = [];

/** A repository with one remote and the shared packages its pages are drawn from. */
function repository(): string {
  const root = mkdtempSync(join(tmpdir(), 'fingerprint-'));
  made.push(root);
  const files: Record<string, string> = {
    'auth-remote/src/login-page.tsx': 'export const text = "Forgotten password?";',
    'auth-remote/src/login-page.test.tsx': 'test code',
    'shared/ui/src/button.tsx': 'export const Button = 1;',
    'shared/ui/src/styles.css': '.button {}',
    'shared/contracts/src/messages.ts': 'export const MESSAGES = {};',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("a remote's source fingerprint", () => {
  it('is the same for the same source wherever it lies, and changes with a page text, a shared style or a contract', () => {
    const one = repository();
    const other = mkdtempSync(join(tmpdir(), 'fingerprint-copy-'));
    made.push(other);
    cpSync(one, other, { recursive: true });
    const original = sourceFingerprint(join(one, 'auth-remote'));
    expect(sourceFingerprint(join(other, 'auth-remote'))).toBe(original);

    for (const [path, text] of [
      ['auth-remote/src/login-page.tsx', 'export const text = "Forgotten password? (new)";'],
      ['shared/ui/src/styles.css', '.button { color: red }'],
      ['shared/contracts/src/messages.ts', 'export const MESSAGES = { a: 1 };'],
    ]) {
      const changed = repository();
      writeFileSync(join(changed, path!), text!);
      expect(sourceFingerprint(join(changed, 'auth-remote')), path).not.toBe(original);
    }
  });

  it('leaves tests out', () => {
    const root = repository();
    const before = sourceFingerprint(join(root, 'auth-remote'));
    writeFileSync(join(root, 'auth-remote/src/login-page.test.tsx'), 'other test code');
    expect(sourceFingerprint(join(root, 'auth-remote'))).toBe(before);
  });
});
