import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findTestChromium } from './e2e/support/chromium';

// One output folder per run: several runs on one machine must not delete each other's traces.
process.env.E2E_RUN_ID ??= String(process.pid);

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } };

/** E2E tests run against the production build, deployed by the global set-up on free ports. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/run-${process.env.E2E_RUN_ID}`,
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  // Two, one per core. Three kept the cores busier (11.7 and 11.5 min for the suite instead of 12.6 to
  // 13.4) but, in one of three clean-clone runs, a phone screenshot hung in Chromium's capture until
  // the test's time ran out: a green run matters more than a minute.
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // A long journey can take twice its time on a busy two-core machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The list as tests end, then the slowest tests and the counts (timing-reporter.ts).
  reporter: [['list'], ['./e2e/support/timing-reporter.ts']],
  use: {
    // Set by the global set-up, which deploys the production build on free ports.
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: { executablePath: findTestChromium(), args: chromiumArgs },
    // Recording a trace for every test, to keep the failing ones, took about half the suite's CPU
    // (its screencast and DOM snapshots): measured on 23 tests, 193 s of CPU with traces, 105 s
    // without. A failure still leaves its screenshot; `npx playwright test --trace on` records traces.
    trace: 'off',
    screenshot: 'only-on-failure',
    // The service worker installs on each test's fresh context and caches every file the page loaded:
    // a quarter of what remained (105 → 79 s of CPU). The tests of the installable, offline app let
    // it in (`test.use({ serviceWorkers: 'allow' })`): offline*.spec.ts and as-shipped.spec.ts.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /dev-smoke\.spec|\.phone\.spec|\.server\.spec|\.cluster\.spec/,
      use: desktop,
    },
    {
      name: 'phone',
      testMatch: /\.(phone|both)\.spec\.ts$/,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
    },
    {
      // The production build against the real API server (server/), one per worker: the same journeys, another back end.
      name: 'server',
      // Each journey signs people up and logs them in (scrypt on the server): longer than the rest.
      timeout: 90_000,
      testMatch: /\.server\.spec\.ts$/,
      // Journeys across several instances need one PostgreSQL (CI sets DATABASE_URL; see .ci/run).
      testIgnore: process.env.DATABASE_URL ? [] : /\.postgres\.server\.spec\.ts$/,
      use: desktop,
    },
    {
      name: 'dev-smoke',
      testMatch: /dev-smoke\.spec\.ts/,
      use: { ...devices['Desktop Chrome'] },
    },
  ],
});
