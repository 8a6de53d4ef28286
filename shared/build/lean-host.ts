import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { offeredModules, shareConfigOf, type OfferedModule, type SharedConfig } from './lean-remote.ts';

/**
 * The production build of the shell as the page's Module Federation host, without the glue
 * @module-federation/vite generates for one (to keep the first load within its JavaScript budget; the remotes' side is ./lean-remote.ts).
 *
 * Why: that plugin makes even a host that exposes nothing a container of its own (a remoteEntry.js of
 * 8 KiB gzip), and turns each of its imports of a shared package into a loader chunk: about 16 KiB
 * gzip and a dozen requests before the first screen. A host needs none of it: it imports its packages
 * as any app does, and offers them to the remotes through the federation runtime it starts:
 * - `globalThis._FEDERATION_RUNTIME_CORE` is the runtime's core, which the remotes use (what the
 *   plugin's `provideExternalRuntime` published);
 * - `init()` of `@module-federation/runtime` names the host and registers its copies of the shared
 *   singletons as loaded, with their versions and the ranges of `shared/build/federation.ts`; the
 *   router is offered as the exports the remotes may use (its `treeShaking.usedExports`), so the
 *   page holds only those;
 * - `loadRemote` and `registerRemotes` (shell/src/remotes/remote-registry.ts) work on that instance.
 * The module runs first in the entry (shell/src/main.tsx). The dev server keeps the federation plugin.
 */

const HOST = '\0chirp-federation-host';

interface LeanHostOptions {
  name: string;
  /** The entry module that starts the app: the host starts before it. */
  entry: string;
  shared: Record<string, SharedConfig>;
}

function hostCode(name: string, shared: Record<string, OfferedModule>) {
  const imports: string[] = [];
  const entries = Object.entries(shared).map(([id, config], index) => {
    const local = `shared${index}`;
    const used = config.treeShaking?.usedExports;
    if (used) imports.push(`import { ${used.join(', ')} } from ${JSON.stringify(id)};\nconst ${local} = { ${used.join(', ')} };`);
    else imports.push(`import * as ${local} from ${JSON.stringify(id)};`);
    return `${JSON.stringify(id)}: {
    version: ${JSON.stringify(config.version)},
    scope: 'default',
    lib: () => ${local},
    shareConfig: ${JSON.stringify(shareConfigOf(config))},
  }`;
  });
  return `import * as runtimeCore from '@module-federation/runtime/core';
import { init } from '@module-federation/runtime';
${imports.join('\n')}

globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
init({
  name: ${JSON.stringify(name)},
  remotes: [],
  shareStrategy: 'loaded-first',
  shared: {
  ${entries.join(',\n  ')}
  },
});
`;
}

export function leanHost({ name, entry, shared }: LeanHostOptions): Plugin {
  let root = '';
  let entryFile = '';
  return {
    name: 'chirp-lean-host',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      entryFile = resolve(root, entry);
    },
    resolveId(source) {
      return source === HOST ? HOST : null;
    },
    load(id) {
      return id === HOST ? hostCode(name, offeredModules(root, shared)) : null;
    },
    transform(code, id) {
      return id === entryFile ? `import ${JSON.stringify(HOST)};\n${code}` : null;
    },
  };
}
