import type { RemoteName } from '@chirp/seams';
// Vite loads its config's workspace imports as plain Node modules: the build tooling reaches the
// session's package.json by path (eslint.config.js allows it for the tooling alone).
import sessionPackage from '../session/package.json' with { type: 'json' };

/**
 * The version of @chirp/session a package is built against: its package.json's, unless
 * CHIRP_SESSION_VERSION names another. That variable builds a remote as if against another release
 * of the session package (the compatibility test builds one for a newer minor and one for a new major).
 */
export const sessionVersion: string = process.env.CHIRP_SESSION_VERSION || sessionPackage.version;

/** Any release with the same major: minors and patches only add. */
export const sessionRange = (version: string) => `^${version.split('.')[0]}.0.0`;

/**
 * Build-time federation settings common to the shell and the remotes: the modules that the page
 * holds exactly once, shared as singletons. @chirp/session is the one package of ours shared at run
 * time: its store, query cache and toast outlet are the page's. zustand, the query library and the
 * toaster are not shared on their own: only @chirp/session imports them (it re-exports the query
 * hooks and zustand's `create` for the remotes' own stores), so they are tree-shaken into it, and
 * no package downloads a loader for each (the first screen's budget of requests). @chirp/contracts, @chirp/ui and
 * @chirp/queries are bundled into each package that imports them, never shared.
 */
export const sharedSingletons = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'react-router-dom': {
    singleton: true,
    requiredVersion: '^7.0.0',
    treeShaking: {
      mode: 'runtime-infer' as const,
      usedExports: [
        'BrowserRouter', 'Link', 'NavLink', 'Navigate', 'Outlet', 'Route', 'Routes', 'useLocation', 'useNavigate',
        'useParams', 'useRoutes',
      ],
    },
  },
  '@chirp/session': { singleton: true, version: sessionVersion, requiredVersion: sessionRange(sessionVersion) },
};

/**
 * Which copy of a shared singleton a package gets: the one the page has already loaded (the shell's)
 * rather than the highest version any package offers, so that a remote built against a newer minor
 * of react or @chirp/session runs on the page's copy (e2e/foundation/session-versions.spec.ts).
 */
export const shareStrategy = 'loaded-first' as const;

/** Dev-server ports: the shell and each remote have a fixed one. */
export const devPorts = { shell: 5173, auth: 5174, feed: 5175, profile: 5176, notifications: 5177 } as const;
/** Ports of `npm start` (production builds); each can be overridden by environment variables. */
export const previewPorts = { shell: 4173, auth: 4174, feed: 4175, profile: 4176, notifications: 4177 } as const;

export type { RemoteName };
export const remoteNames: RemoteName[] = ['auth', 'feed', 'profile', 'notifications'];
