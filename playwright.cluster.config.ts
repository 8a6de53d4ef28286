import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findTestChromium } from './e2e/support/chromium';

process.env.E2E_RUN_ID ??= String(process.pid);

/**
 * `npm run test:cluster`: the local cluster of deploy/local-cluster — HAProxy, three API
 * instances, PgBouncer, a PostgreSQL primary and its streaming replica — started once by the global
 * set-up. First the server journeys run against it (through the load balancer), then the tests of
 * the cluster itself, one at a time (one of them kills an instance).
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/cluster-${process.env.E2E_RUN_ID}`,
  globalSetup: './e2e/cluster/cluster-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    launchOptions: { executablePath: findTestChromium(), args: chromiumArgs },
    // As in playwright.config.ts: no trace per test, and no service worker in the journeys.
    trace: 'off',
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 900 },
  },
  projects: [
    {
      name: 'journeys',
      testMatch: /\.server\.spec\.ts$/,
      // These start servers of their own: the cluster is not what they test.
      testIgnore: /\.postgres\.server\.spec\.ts$/,
    },
    {
      name: 'cluster',
      testMatch: /\.cluster\.spec\.ts$/,
      dependencies: ['journeys'],
      fullyParallel: false,
      workers: 1,
    },
  ],
});
