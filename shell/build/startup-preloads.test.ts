import { describe, expect, it } from 'vitest';
import { backEndChunks, isReplacedPrebuild } from './startup-preloads';

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

describe('a prebuilt shared package', () => {
  it('is not preloaded when the federation tree-shakes that package (the page loads the shaken copy)', () => {
    const chunks = [
      { fileName: 'assets/_virtual_mf___x__prebuild__react_mf_2_router_mf_2_dom__prebuild__-A.js' },
      { fileName: 'assets/__x__tree_shaking__react_mf_2_router_mf_2_dom-B.js' },
      { fileName: 'assets/_virtual_mf___x__prebuild__zustand__prebuild__-C.js' },
    ];
    expect(isReplacedPrebuild(chunks[0]!.fileName, chunks)).toBe(true);
    expect(isReplacedPrebuild(chunks[2]!.fileName, chunks)).toBe(false);
    expect(isReplacedPrebuild(chunks[1]!.fileName, chunks)).toBe(false);
  });
});
