/**
 * Build-time federation settings common to the shell and the remotes: the modules that the page
 * holds exactly once, shared as singletons. zustand, the query library and the toaster are not
 * among them: only @chirp/shared imports them, so the page's one @chirp/shared carries the one
 * store, the one query cache and the one toast outlet, with the libraries tree-shaken into it. A
 * federation-shared copy would be loaded whole, with a loader in every package (issue 12's budget).
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
  '@chirp/shared': { singleton: true, requiredVersion: '^1.0.0' },
};

/** Dev-server ports (issue 2): the shell and each remote have a fixed one. */
export const devPorts = { shell: 5173, auth: 5174, feed: 5175, profile: 5176 } as const;
/** Ports of `npm start` (production builds); each can be overridden by environment variables. */
export const previewPorts = { shell: 4173, auth: 4174, feed: 4175, profile: 4176 } as const;

export type RemoteName = 'auth' | 'feed' | 'profile';
export const remoteNames: RemoteName[] = ['auth', 'feed', 'profile'];
