/**
 * Which browser tests may share their worker's modules (vitest.config.ts). Sharing saves importing
 * React, the session and the query client again for each file, but a file that replaces a module
 * (`vi.mock`) would leave the replacement in the shared module cache for the files after it, and one
 * that imports modules anew (`vi.resetModules`) would leave the files after it holding two copies of
 * a module (a store, an API client configured in one and called through the other): those files
 * run apart, each with its own modules. test-isolation.test.ts keeps this list complete.
 */

/** The app's browser packages; beside them, every package under shared/. */
export const APP_PACKAGES = ['shell', 'auth-remote', 'feed-remote', 'profile-remote', 'notifications-remote'];

/** The browser packages' tests (components, hooks, stores): happy-dom, no server. */
export const BROWSER_TESTS = [`{${APP_PACKAGES.join(',')}}/src/**/*.test.{ts,tsx}`, 'shared/*/src/**/*.test.{ts,tsx}'];

/** Browser tests that replace a module or import modules anew: each runs with modules of its own. */
export const REPLACE_MODULES = [
  'shared/session/src/api/api-client.test.ts',
  'shell/src/remotes/remote-area.test.tsx',
  'shell/src/layout/public-layout.test.tsx',
  'feed-remote/src/components/composer/composer-form.test.tsx',
  'feed-remote/src/features/composer/drafts.test.tsx',
  'profile-remote/src/features/profile/edit-profile-dialog.test.tsx',
];
