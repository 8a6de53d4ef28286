import react from '@vitejs/plugin-react';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { BROWSER_TESTS, REPLACE_MODULES } from './shared/build/test-isolation';

/**
 * The longest files, slowest first (seconds each, alone, 2026-11-27). Vitest orders files by the
 * durations it cached in earlier runs, else by their size; a clean clone has no cache, and the two
 * contract suites are small files that import their tests: they started last and ran on for 3 min
 * with one core idle. Started first, the rest fill the cores around them.
 */
const SLOWEST_FIRST = [
  'server/src/__tests__/contract.server.test.ts', // 160 s
  'server/src/__tests__/contract.postgres.test.ts', // 150 s
  'server/src/__tests__/login-limits.server.test.ts', // 100 s, mostly waiting out its windows
  'server/src/__tests__/quotas.server.test.ts', // 39 s
  'server/src/__tests__/http.server.test.ts', // 38 s
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = SLOWEST_FIRST.findIndex((path) => file.moduleId.endsWith(path));
      return index === -1 ? SLOWEST_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the others keep the base order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

const EXCLUDE = [
  '**/node_modules/**',
  '**/dist/**',
  'e2e/**',
  // Tests that need a real PostgreSQL (two server processes on one database) exist only with DATABASE_URL.
  ...(process.env.DATABASE_URL ? [] : ['server/src/**/*.postgres.test.ts']),
];

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    setupFiles: ['./vitest.setup.ts'],
    restoreMocks: true,
    // Vitest runs one file at a time on two cores (cores - 1); most server files wait on processes,
    // sockets and timers, so three at once keep both cores busy. A slower test under that load gets
    // more than the default 5 s.
    maxWorkers: 3,
    sequence: { sequencer: SlowestFirst },
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['**/src/**/*.test.{ts,tsx}', '*/build/**/*.test.ts', 'scripts/**/*.test.{ts,mjs}', 'deploy/**/*.test.mjs'],
          exclude: [...EXCLUDE, ...BROWSER_TESTS],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: BROWSER_TESTS,
          exclude: [...EXCLUDE, ...REPLACE_MODULES],
          // The browser tests share their worker's modules (React, the session, the query client):
          // importing them again for each file was half of these tests' CPU. Each test starts from a
          // clean session and query cache (logInAs), storage and DOM (vitest.setup.ts); the files that
          // replace a module or import modules anew run apart (shared/build/test-isolation.ts).
          isolate: false,
        },
      },
      { extends: true, test: { name: 'browser (own modules)', include: REPLACE_MODULES, exclude: EXCLUDE } },
    ],
  },
});
