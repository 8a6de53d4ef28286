import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './e2e/support/chromium';

/** E2E tests run against the production build, deployed by the global set-up on free ports. */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /dev-smoke\.spec|\.phone\.spec/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } },
    },
    {
      name: 'phone',
      testMatch: /\.(phone|both)\.spec\.ts$/,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
    },
    {
      name: 'dev-smoke',
      testMatch: /dev-smoke\.spec\.ts/,
      use: { ...devices['Desktop Chrome'] },
    },
  ],
});
