/**
 * Build-time federation settings common to the shell and the remotes. Every package shares these as
 * singletons so that the page holds exactly one React, one router, one toast outlet, one store
 * and one query cache.
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
        'BrowserRouter', 'Link', 'NavLink', 'Navigate', 'Outlet', 'Route', 'RouterProvider', 'Routes',
        'createBrowserRouter', 'useLocation', 'useNavigate', 'useParams',
      ],
    },
  },
  zustand: { singleton: true, requiredVersion: '^5.0.0' },
  'react-hot-toast': { singleton: true, requiredVersion: '^2.0.0' },
  // The one query cache of the page lives in @chirp/shared; its hooks must see one copy of the library.
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.0.0' },
  '@chirp/shared': { singleton: true, requiredVersion: '^1.0.0' },
};

/** Dev-server ports (issue 2): the shell and each remote have a fixed one. */
export const devPorts = { shell: 5173, auth: 5174, feed: 5175, profile: 5176 } as const;
/** Ports of `npm start` (production builds); each can be overridden by environment variables. */
export const previewPorts = { shell: 4173, auth: 4174, feed: 4175, profile: 4176 } as const;

export type RemoteName = 'auth' | 'feed' | 'profile';
export const remoteNames: RemoteName[] = ['auth', 'feed', 'profile'];
