import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const otherPackages = ['shell', 'auth-remote', 'feed-remote', 'profile-remote', 'notifications-remote'];

/** One direction: shared/* → remotes → shell. A remote never imports another package's files. */
const oneDirection = (own) => ({
  files: [`${own}/src/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: otherPackages
          .filter((name) => name !== own)
          .map((name) => ({
            group: [`**/${name}/**`, name],
            message: 'Packages talk through @chirp/session, @chirp/contracts, @chirp/ui or federation, never through each other’s files.',
          }))
          .concat(
            own === 'shell'
              ? []
              : [{ group: ['@chirp/browser-backend'], message: 'Only the shell loads the in-browser back end (lazily, when no server is configured).' }],
          ),
      },
    ],
  },
});

const remotes = ['auth-remote', 'feed-remote', 'profile-remote', 'notifications-remote'];

/**
 * Zones inside a remote: a feature (`src/features/X`) may import `components/`, `lib/` and its own
 * folder, never another feature; `components/` and `lib/` never import a feature. What two features
 * share moves down into `components/` or `lib/`.
 */
const remoteZones = remotes.flatMap((remote) => {
  const features = `./${remote}/src/features`;
  const names = readdirSync(new URL(features, import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return [
    ...names.map(({ name }) => ({
      target: `${features}/${name}`,
      from: features,
      except: [`./${name}`],
      message: 'A feature never imports another feature: move what they share into components/ or lib/.',
    })),
    {
      target: [`./${remote}/src/components`, `./${remote}/src/lib`],
      from: features,
      message: 'components/ and lib/ are below the features: they never import one.',
    },
  ];
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.cache/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { ...globals.node } } },
  {
    // Package boundaries, so that a package can change without breaking what it does not own: another package only through its package exports, no cycles,
    // and each kind of package only what it may depend on.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.json', 'tsconfig.tools.json', '*/tsconfig.json', 'shared/*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-relative-packages': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./shared/contracts', './api-rules', './server'],
              from: ['./shared/ui', './shared/session', './shared/queries', './shared/seams', './shell', './auth-remote', './feed-remote', './profile-remote', './notifications-remote'],
              message: 'The contracts, the rules and the server use no UI or browser-session code.',
            },
            {
              target: ['./shared/contracts', './shared/ui', './shared/session', './shared/queries', './shared/seams'],
              from: ['./shell', './auth-remote', './feed-remote', './profile-remote', './notifications-remote', './server'],
              message: 'The shared packages never depend on the packages built on them.',
            },
            {
              target: ['./browser-backend'],
              from: ['./shared/ui', './shared/seams', './shell', './auth-remote', './feed-remote', './profile-remote', './notifications-remote', './server'],
              message: 'The in-browser back end is a back end: contracts, rules and the session kernel only.',
            },
            {
              target: ['./shared/ui'],
              from: ['./shared/session', './shared/queries'],
              message: '@chirp/ui is presentation only: no store, no API client.',
            },
            {
              target: ['./shared/session'],
              from: ['./shared/queries'],
              message: 'The session kernel knows nothing of the query definitions built on it.',
            },
            ...remoteZones,
          ],
        },
      ],
    },
  },
  {
    // Vite bundles its config file but loads workspace packages it imports as plain Node modules,
    // which cannot be TypeScript: the configs and the build tooling reach shared/build (and the
    // shell's icons, @chirp/ui's logo mark) by path.
    files: ['*/vite.config.ts', 'shared/build/**/*.ts', 'shell/build/**/*.ts'],
    rules: { 'import-x/no-relative-packages': 'off' },
  },
  {
    // The contract suites are test code: only tests run them.
    files: ['**/*.{ts,tsx}'],
    ignores: ['contract-tests/**', '**/__tests__/**', '**/*.test.{ts,tsx}', 'e2e/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@chirp/contract-tests', message: 'Test code: import it from tests only.' }] }],
    },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
  ...otherPackages.map(oneDirection),
);
