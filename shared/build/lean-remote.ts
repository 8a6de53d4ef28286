import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Plugin, Rolldown, UserConfig } from 'vite';
import { sourceFingerprint } from './source-fingerprint.ts';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * The production build of a remote as a Module Federation container, without the glue
 * @module-federation/vite generates for one (it weighed on the first load's JavaScript budget).
 *
 * Why: that plugin's container is made for every host there is (webpack hosts, SSR, HMR, circular
 * initialisation, tree-shaking snapshots): its remoteEntry.js, share loaders, import map, pending
 * shares and bootstrap came to about 18 KiB gzip per remote, three remotes on the way to /home, the
 * same code each time. Chirp's remotes have one kind of host, the shell, which provides the page's
 * one federation runtime (`globalThis._FEDERATION_RUNTIME_CORE`, published by ./lean-host.ts, as the
 * plugin's `provideExternalRuntime` did). This container speaks the federation protocol to it:
 * - `remoteEntry.js` exports `init(shareScope, initScope, options)` and `get('./Name')`, which the
 *   runtime calls when the shell asks for `feed/HomePage`;
 * - every import of a shared singleton (react, react-dom, the router, @chirp/session) becomes a
 *   module that asks the runtime for the page's copy (`loadShare`, loaded-first, the version rules
 *   of `shared/build/federation.ts`); the remote's own copy is loaded only where the page offers
 *   none that fits;
 * - `mf-manifest.json` says what the runtime's and the shell's readers use: the shared modules with
 *   their versions (the session contract, shell/src/remotes/session-contract.ts) and each exposed
 *   module with its chunks and CSS (the startup preloads).
 * The dev server keeps @module-federation/vite, so `npm run dev` is unchanged.
 */

export interface SharedConfig {
  singleton?: boolean;
  requiredVersion?: string;
  version?: string;
  treeShaking?: { mode: 'runtime-infer'; usedExports: string[] };
}

interface LeanRemoteOptions {
  name: string;
  /** './Name' → the module's path from the remote's root. */
  exposes: Record<string, string>;
  /** The shared singletons, as the federation plugin takes them. */
  shared: Record<string, SharedConfig>;
}

const ENTRY = '\0chirp-remote-entry';
const RUNTIME = '\0chirp-remote-runtime';
const SHARE = '\0chirp-share:';
const FALLBACK = '\0chirp-fallback:';

/** The subpaths of a shared package that are shared as modules of their own (the shell provides each). */
const SHARED_SUBPATHS: Record<string, string[]> = {
  react: ['react/jsx-runtime'],
  'react-dom': ['react-dom/client'],
};

/** Each shared module id with its package: the packages and the subpaths shared on their own. */
export const sharedModuleIds = (packages: string[]): [id: string, pkg: string][] =>
  packages.flatMap((pkg) => [pkg, ...(SHARED_SUBPATHS[pkg] ?? [])].map((id): [string, string] => [id, pkg]));

/** A shared module as it is offered: its package's settings, and the version it is offered as. */
export type OfferedModule = SharedConfig & { version: string };

/**
 * Each shared module (the subpaths shared on their own included) as the host and the remotes offer
 * it: its package's settings, and its declared version or else the installed package's.
 */
export function offeredModules(root: string, shared: Record<string, SharedConfig>): Record<string, OfferedModule> {
  const require = createRequire(resolve(root, 'package.json'));
  const versionOf = (pkg: string) => shared[pkg].version ?? (require(`${pkg}/package.json`) as { version: string }).version;
  return Object.fromEntries(sharedModuleIds(Object.keys(shared)).map(([id, pkg]) => [id, { ...shared[pkg], version: versionOf(pkg) }]));
}

/** The settings the runtime takes for a shared module: no strict versions, nothing eager. */
export const shareConfigOf = (config: SharedConfig) => ({
  singleton: config.singleton ?? false,
  requiredVersion: config.requiredVersion,
  strictVersion: false,
  eager: false,
});

const isIdentifier = (name: string) => /^[A-Za-z_$][\w$]*$/.test(name);

/** The container's one module of code: the share scope it was given, and how a shared module is found. */
function runtimeCode(name: string, shared: Record<string, OfferedModule>) {
  const entries = Object.entries(shared).map(([pkg, config]) => {
    return `${JSON.stringify(pkg)}: {
    version: ${JSON.stringify(config.version)},
    scope: ['default'],
    shareConfig: ${JSON.stringify(shareConfigOf(config))},${config.treeShaking ? `\n    treeShaking: ${JSON.stringify(config.treeShaking)},` : ''}
    get: () => import(${JSON.stringify(FALLBACK + pkg)}).then((module) => () => module.default),
  }`;
  });
  return `
const shared = {
  ${entries.join(',\n  ')}
};
let federation;

/** Called by the host's runtime before any get(): joins the page's share scope. */
export function init(shareScope, _initScope, options) {
  if (federation) return;
  const core = globalThis._FEDERATION_RUNTIME_CORE;
  if (!core) throw new Error('The page provides no federation runtime for the ${name} remote');
  const Federation = core.getGlobalFederationConstructor() || core.ModuleFederation;
  federation = new Federation({ id: ${JSON.stringify(name)}, name: ${JSON.stringify(name)}, remotes: [], shared, shareStrategy: 'loaded-first' });
  core.setGlobalFederationInstance(federation);
  federation.initShareScopeMap('default', shareScope, { hostShareScopeMap: options && options.shareScopeMap });
}

/** The page's copy of a shared module (the remote's own where the page has none that fits). */
export async function loadShared(pkg) {
  const factory = federation ? await federation.loadShare(pkg) : await shared[pkg].get();
  if (typeof factory !== 'function') throw new Error('No copy of ' + pkg + ' for the ${name} remote');
  return factory();
}
`;
}

function entryCode(root: string, exposes: Record<string, string>) {
  const loaders = Object.entries(exposes).map(
    ([key, file]) => `  ${JSON.stringify(key)}: () => import(${JSON.stringify(resolve(root, file))}),`,
  );
  return `export { init } from ${JSON.stringify(RUNTIME)};
const exposes = {
${loaders.join('\n')}
};
const loaded = {};
/**
 * The factory of an exposed module, as the runtime expects: a function that returns it. A module
 * asked for again (the screen after its code was fetched ahead) is answered within the same task, so
 * React shows it without first showing its Suspense fallback; a failed load is tried afresh.
 */
export async function get(name) {
  const load = exposes[name];
  if (!load) throw new Error('No module ' + name + ' is exposed by this remote');
  loaded[name] ??= load().catch((error) => {
    delete loaded[name];
    throw error;
  });
  const module = await loaded[name];
  return () => module;
}
`;
}

/** The exported names of a shared npm package, as Node sees them (a missing one fails the build). */
async function npmExports(pkg: string): Promise<string[]> {
  return Object.keys((await import(pkg)) as object);
}

/** Every chunk a chunk statically imports, itself first. */
function staticClosure(bundle: OutputBundle, fileName: string, seen = new Set<string>()): string[] {
  if (seen.has(fileName)) return [];
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk') return [];
  return [fileName, ...chunk.imports.flatMap((imported) => staticClosure(bundle, imported, seen))];
}

const cssOf = (chunk: OutputChunk) => [...((chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])];

export function leanRemote({ name, exposes, shared }: LeanRemoteOptions): Plugin {
  let root = '';
  const packages = Object.keys(shared);
  /** The shared modules' ids ('react', 'react/jsx-runtime', …). */
  const sharedIds = new Set(sharedModuleIds(packages).map(([id]) => id));
  /** Each shared module as this remote offers it (read when the build starts). */
  let offered: Record<string, OfferedModule> = {};

  /** The remote's and the workspace packages' modules: not a shared bridge, a package from npm or a virtual module. */
  const isOwnModule = (id: string) => !id.startsWith(SHARE) && !id.startsWith('\0') && !/[\\/]node_modules[\\/]/.test(id);

  return {
    name: 'chirp-lean-remote',
    apply: 'build',
    enforce: 'pre',
    config(): UserConfig {
      return {
        build: {
          rollupOptions: {
            input: { remoteEntry: ENTRY },
            // remoteEntry.js keeps its exports (init, get); it may gain others.
            preserveEntrySignatures: 'allow-extension',
            output: {
              entryFileNames: (chunk) => (chunk.name === 'remoteEntry' ? 'remoteEntry.js' : 'assets/[name]-[hash].js'),
              // The bridges to the shared packages in one chunk (one request, not one each), and not
              // what they import: the container's runtime must stay out of it (see generateBundle).
              // The remote's own modules that two or more chunks use in one `common` chunk: split by
              // which chunks use them, they made a dozen files of a few hundred bytes each on the
              // first screen, each compressed alone (feed: 17 files and 29.7 KiB gzip, now 5 and 25.2).
              // A module only one chunk uses (a dialog fetched when it opens) stays in that chunk.
              codeSplitting: {
                includeDependenciesRecursively: false,
                groups: [
                  { name: 'shared-bridges', test: (id: string) => id.startsWith(SHARE), priority: 2 },
                  { name: 'common', test: isOwnModule, minShareCount: 2, priority: 1 },
                ],
              },
            },
          },
        },
      };
    },
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      offered = offeredModules(root, shared);
    },
    async resolveId(source, importer, options) {
      if (source === ENTRY || source === RUNTIME || source.startsWith(SHARE) || source.startsWith(FALLBACK)) return source;
      if (!sharedIds.has(source)) return null;
      // A CommonJS require cannot wait for the page's copy: it is inside a fallback copy (react-dom's
      // require('react')), which keeps its own.
      if ((options as { kind?: string } | undefined)?.kind === 'require-call') return null;
      // The remote's own copy, and what that copy imports of itself, is the package itself.
      if (importer?.startsWith(FALLBACK) && importer.slice(FALLBACK.length) === source) {
        return this.resolve(source, resolve(root, 'package.json'), { skipSelf: true });
      }
      return SHARE + source;
    },
    async load(id) {
      if (id === ENTRY) return entryCode(root, exposes);
      if (id === RUNTIME) return runtimeCode(name, offered);
      if (id.startsWith(FALLBACK)) {
        const pkg = id.slice(FALLBACK.length);
        return `import * as module from ${JSON.stringify(pkg)};\nexport default module;\n`;
      }
      if (!id.startsWith(SHARE)) return null;
      const pkg = id.slice(SHARE.length);
      let names: string[];
      const usedExports = shared[pkg]?.treeShaking?.usedExports;
      // A package the page holds only in part offers only that part: using anything else fails the build.
      if (usedExports) names = usedExports;
      else if (pkg.startsWith('@chirp/')) {
        const real = await this.resolve(pkg, resolve(root, 'package.json'), { skipSelf: true });
        if (!real) throw new Error(`Cannot resolve ${pkg} from ${root}`);
        names = (await this.load({ id: real.id })).exports ?? [];
      } else {
        names = await npmExports(pkg);
      }
      const named = names.filter((exported) => exported !== 'default');
      // Each name is read from the page's copy once; `pick` is pure, so the names no chunk
      // imports are left out of the build.
      const lines = [
        `import { loadShared } from ${JSON.stringify(RUNTIME)};`,
        `const module = await loadShared(${JSON.stringify(pkg)});`,
        `const pick = (name) => module[name];`,
        `export default 'default' in module ? module.default : module;`,
        ...named.map((exported, index) =>
          isIdentifier(exported)
            ? `export const ${exported} = /* @__PURE__ */ pick(${JSON.stringify(exported)});`
            : `const shared${index} = /* @__PURE__ */ pick(${JSON.stringify(exported)});\nexport { shared${index} as ${JSON.stringify(exported)} };`,
        ),
      ];
      return lines.join('\n');
    },
    // After Vite's own clean-up of the bundle (it drops the chunks that only import CSS).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
        // A bridge waits for init(); init is remoteEntry.js's export. A bridge that remoteEntry.js
        // imports statically would wait for itself: the page would hang, so the build fails instead.
        const entryFiles = staticClosure(bundle, 'remoteEntry.js');
        const bridged = entryFiles.filter((fileName) => (bundle[fileName] as OutputChunk).moduleIds.some((id) => id.startsWith(SHARE)));
        if (bridged.length) this.error(`remoteEntry.js imports a shared-module bridge statically (${bridged.join(', ')})`);
        const exposed = Object.entries(exposes).map(([key, file]) => {
          const facade = chunks.find((chunk) => chunk.facadeModuleId === resolve(root, file));
          if (!facade) this.error(`${key} (${file}) has no chunk of its own in the build`);
          const files = staticClosure(bundle, facade.fileName);
          const css = files.flatMap((fileName) => cssOf(bundle[fileName] as OutputChunk));
          return {
            id: `${name}:${key.slice(2)}`,
            name: key.slice(2),
            path: key,
            assets: { js: { sync: files, async: [] }, css: { sync: [...new Set(css)], async: [] } },
          };
        });
        const manifest = {
          id: name,
          name,
          metaData: {
            name,
            type: 'app',
            // The source the remote's pages are drawn from (the shell hydrates its prerendered pages
            // only over the build they were drawn from).
            buildInfo: { buildVersion: sourceFingerprint(root), buildName: name },
            remoteEntry: { name: 'remoteEntry.js', path: '', type: 'module' },
            types: { path: '', name: '' },
            globalName: name,
            pluginVersion: 'chirp-lean-remote',
            publicPath: 'auto',
          },
          shared: packages.map((pkg) => ({
            id: `${name}:${pkg}`,
            name: pkg,
            version: offered[pkg].version,
            singleton: shared[pkg].singleton ?? false,
            requiredVersion: shared[pkg].requiredVersion,
            assets: { js: { async: [], sync: [] }, css: { async: [], sync: [] } },
          })),
          remotes: [],
          exposes: exposed,
        };
        this.emitFile({ type: 'asset', fileName: 'mf-manifest.json', source: JSON.stringify(manifest) });
      },
    },
  };
}
