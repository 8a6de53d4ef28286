import { describe, expect, it } from 'vitest';
import { backEndChunks } from './startup-preloads';

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
