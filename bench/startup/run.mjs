#!/usr/bin/env node
/**
 * Start-up benchmark: a first visit (fresh browser context, so the in-browser back end seeds its
 * data) of the production build in Chromium, with the back end's delay at 0 so only our own work
 * is measured. Reports the median of RUNS visits of:
 *   - login form: navigation start → the 'Log in' button is visible (the back end is loaded and
 *     its demo data seeded before the app renders)
 *   - log in → feed: the click on 'Log in' → the first post of /home is visible
 *
 *   npm run build && node bench/startup/run.mjs     (RUNS=9 for more visits)
 * Writes bench/results/startup.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { deploy } from '../../scripts/deploy.mjs';
import { launchChromium } from '../support/browser.mjs';

const RUNS = Number(process.env.RUNS ?? 7);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]);
};

async function visit(browser, shellUrl) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(shellUrl);
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  const loginForm = await page.evaluate(() => performance.now());
  await page.getByRole('link', { name: /guest/i }).click(); // fills the guest's credentials
  const clickedAt = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('article').first().waitFor();
  const feedAt = await page.evaluate(() => performance.now());
  await context.close();
  return { loginForm, logInToFeed: feedAt - clickedAt };
}

const deployment = await deploy({ name: 'bench-startup', config: { mockDelayMs: 0 } });
const browser = await launchChromium(chromium);
try {
  await visit(browser, deployment.urls.shell); // warms the server's file cache
  const visits = [];
  for (let run = 0; run < RUNS; run += 1) visits.push(await visit(browser, deployment.urls.shell));
  const result = {
    runs: RUNS,
    loginFormMs: median(visits.map((v) => v.loginForm)),
    logInToFeedMs: median(visits.map((v) => v.logInToFeed)),
  };
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../results/startup.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
  console.table(result);
} finally {
  await browser.close();
  await deployment.close();
}
