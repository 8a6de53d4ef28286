import { describe, expect, it } from 'vitest';
import { backEndChunks, onDemandChunks } from './startup-preloads';

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = [], dynamicImports: string[] = []) => ({
  fileName,
  facadeModuleId,
  imports,
  dynamicImports,
});

describe('the in-browser back end’s chunks', () => {
  it('are those the shell loads from the browser-backend package and what only they import', () => {
    const chunks = [
      chunk('entry.js', '/app/shell/src/main.tsx', ['shared.js'], ['bootstrap.js']),
      chunk('bootstrap.js', '/app/shell/src/bootstrap.tsx', ['shared.js'], ['backend.js']),
      chunk('backend.js', '/app/browser-backend/src/index.ts', ['miragejs.js', 'shared.js', 'rules.js']),
      chunk('rules.js', null),
      chunk('miragejs.js', null),
      chunk('shared.js', null),
    ];
    // shared.js is also the app's: preloaded whatever the back end; the rest only without a server.
    expect([...backEndChunks(chunks)].sort()).toEqual(['backend.js', 'miragejs.js', 'rules.js']);
  });
});

describe('the chunks loaded on demand', () => {
  it('are those of the dialogs a person opens later, which the first screen does not preload', () => {
    const chunks = [
      chunk('bootstrap.js', '/app/shell/src/bootstrap.tsx', ['icons.js'], ['shortcuts.js']),
      chunk('shortcuts.js', '/app/shell/src/layout/keyboard-shortcuts-dialog.tsx', ['icons.js']),
      chunk('icons.js', null),
    ];
    expect(onDemandChunks(chunks)).toEqual(['shortcuts.js']);
  });
});
