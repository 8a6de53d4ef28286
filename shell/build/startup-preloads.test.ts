import { describe, expect, it } from 'vitest';
import { backEndChunks } from './startup-preloads';

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = [], dynamicImports: string[] = []) => ({
  fileName,
  facadeModuleId,
  imports,
  dynamicImports,
});

describe('the in-browser back end’s chunks', () => {
  it('are those the shell loads from src/mirage/ and what only they import', () => {
    const chunks = [
      chunk('entry.js', '/app/shell/src/main.tsx', ['shared.js'], ['bootstrap.js']),
      chunk('bootstrap.js', '/app/shell/src/bootstrap.tsx', ['shared.js'], ['server.js', 'delay.js']),
      chunk('server.js', '/app/shell/src/mirage/server.ts', ['miragejs.js', 'shared.js']),
      chunk('delay.js', '/app/shell/src/mirage/delay.ts'),
      chunk('miragejs.js', null),
      chunk('shared.js', null),
    ];
    // shared.js is also the app's: preloaded whatever the back end; the rest only without a server.
    expect([...backEndChunks(chunks)].sort()).toEqual(['delay.js', 'miragejs.js', 'server.js']);
  });
});
