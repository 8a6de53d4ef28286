import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@chirp/contracts';
import { inlined } from './startup-preloads';

const script = readFileSync(resolve(import.meta.dirname, 'early-start.js'), 'utf8');

/** Runs the early-start script as index.html does, its requests left unanswered. */
function runEarlyStart() {
  vi.stubGlobal('fetch', () => new Promise(() => {}));
  const data = { mirage: [], serverBuild: false, routes: [], fallback: { signedIn: [], visitor: [] } };
  new Function(inlined(script, data))();
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the early-start script', () => {
  it('shows the theme chosen on this device before the app starts', () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    runEarlyStart();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
  });

  it('follows the system when nothing, or nothing it knows, is stored', () => {
    runEarlyStart();
    expect(document.documentElement.getAttribute('data-theme')).toBe('system');
    localStorage.setItem(STORAGE_KEYS.theme, 'sepia');
    runEarlyStart();
    expect(document.documentElement.getAttribute('data-theme')).toBe('system');
  });
});
