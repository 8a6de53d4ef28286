#!/usr/bin/env node
/**
 * Feed benchmark: the production build, deployed as the E2E tests deploy it (scripts/deploy.mjs: a
 * copy of shell/dist with its own remotes.json and config.json, each package on its own port), driven in
 * Chromium with 100 and then 10,000 posts in the in-browser back end. For each size it measures:
 *   - time to first post: from navigation start to the first painted <article> on /home (median of RUNS loads);
 *   - articles in the DOM once the feed shows, and the most seen while scrolling it;
 *   - scroll frame times: requestAnimationFrame deltas while the page scrolls 4,000 px a second.
 * Prints a table and writes bench/results/feed.json. Builds nothing: run `npm run build` first.
 *
 *   npm run build && node bench/feed/run.mjs      (RUNS=7 loads per size by default)
 */
/* global window, document, requestAnimationFrame, MutationObserver -- functions run in the page */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { deploy } from '../../scripts/deploy.mjs';
import { launchChromium } from '../support/browser.mjs';
import { seedPostsInPage } from './seed-posts.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SIZES = [100, 10_000];
const RUNS = Number(process.env.RUNS ?? 7);
const VIEWPORT = { width: 1280, height: 900 };
const GUEST = { username: 'guestuser', password: 'guest@chirp1' }; // shared/src/constants.ts
const SCROLL_PX_PER_FRAME = 66; // about 4,000 px per second at 60 frames a second
const SCROLL_FRAMES = 240;

/** Records, in the page, when the first <article> is painted (ms from navigation start). */
function watchFirstPost() {
  window.__firstPostAt = null;
  new MutationObserver((_records, observer) => {
    if (!document.querySelector('article')) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__firstPostAt = performance.now();
    });
  }).observe(document, { childList: true, subtree: true });
}

/** Scrolls the window frame by frame; returns the frame deltas and the most articles seen. */
async function scrollFrames({ pxPerFrame, frames }) {
  return new Promise((resolveFrames) => {
    const deltas = [];
    let maxArticles = 0;
    let last = performance.now();
    let frame = 0;
    const step = (now) => {
      deltas.push(now - last);
      last = now;
      maxArticles = Math.max(maxArticles, document.querySelectorAll('article').length);
      window.scrollBy(0, pxPerFrame);
      frame += 1;
      if (frame < frames) requestAnimationFrame(step);
      else resolveFrames({ deltas: deltas.slice(1), maxArticles, scrolledTo: window.scrollY });
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(step);
    });
  });
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const median = (values) => percentile(values, 50);
const round = (value) => Math.round(value * 10) / 10;

/** A browser context whose back end holds `total` posts, logged in as the guest. */
async function prepare(browser, baseUrl, total) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await page.goto(`${baseUrl}/`);
  const seeded = await seedPostsInPage(page, total);
  // The token of an API login: the bench measures the feed, not the login form.
  await page.evaluate(async (credentials) => {
    const response = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    const { encodedToken, foundUser } = await response.json();
    localStorage.setItem('token', encodedToken);
    localStorage.setItem('username', foundUser.username);
  }, GUEST);
  await page.addInitScript(watchFirstPost);
  return { context, page, posts: seeded, loads: [] };
}

/** Opens /home afresh and returns the time to its first painted post. */
async function loadHome(baseUrl, page) {
  await page.goto(`${baseUrl}/home`);
  await page.waitForFunction(() => window.__firstPostAt !== null, null, { timeout: 60_000 });
  return page.evaluate(() => window.__firstPostAt);
}

/** The DOM size and scroll frames of the loaded feed. */
async function measureFeed({ page, posts, loads }) {
  const postsInFeed = await page.evaluate(() =>
    Number(document.querySelector('[role="feed"] article')?.getAttribute('aria-setsize')),
  );
  await page.waitForTimeout(300);
  const articlesAtRest = await page.evaluate(() => document.querySelectorAll('article').length);
  const scroll = await page.evaluate(scrollFrames, { pxPerFrame: SCROLL_PX_PER_FRAME, frames: SCROLL_FRAMES });
  return {
    posts,
    postsInFeed,
    timeToFirstPostMs: { median: round(median(loads)), runs: loads.map(round) },
    articlesInDom: articlesAtRest,
    maxArticlesWhileScrolling: scroll.maxArticles,
    scrolledPx: Math.round(scroll.scrolledTo),
    frameMs: {
      p50: round(percentile(scroll.deltas, 50)),
      p95: round(percentile(scroll.deltas, 95)),
      max: round(Math.max(...scroll.deltas)),
      frames: scroll.deltas.length,
    },
  };
}

const deployment = await deploy({ name: 'bench-feed' });
const browser = await launchChromium(chromium);
try {
  const baseUrl = deployment.urls.shell;
  const runs = [];
  for (const total of SIZES) runs.push(await prepare(browser, baseUrl, total));
  // One warm-up load each (cold HTTP cache), then the sizes take turns, so that whatever else the
  // machine does weighs on both alike.
  for (const run of runs) await loadHome(baseUrl, run.page);
  for (let round = 0; round < RUNS; round += 1) {
    for (const run of runs) run.loads.push(await loadHome(baseUrl, run.page));
    process.stdout.write(`\rLoads: ${round + 1}/${RUNS}`);
  }
  console.info('');
  const results = [];
  for (const run of runs) {
    results.push(await measureFeed(run));
    await run.context.close();
  }
  const [small, large] = results;
  const ratio = Math.round((large.timeToFirstPostMs.median / small.timeToFirstPostMs.median) * 100) / 100;

  console.info('');
  console.table(
    Object.fromEntries(
      results.map((result) => [
        `${result.posts} posts`,
        {
          'first post (ms, median)': result.timeToFirstPostMs.median,
          'articles in DOM': result.articlesInDom,
          'max while scrolling': result.maxArticlesWhileScrolling,
          'frame p50 (ms)': result.frameMs.p50,
          'frame p95 (ms)': result.frameMs.p95,
        },
      ]),
    ),
  );
  console.info(`Time to first post, 10,000 vs 100 posts: ${ratio}× (goal: at most 1.5×)`);

  const report = {
    date: new Date().toISOString(),
    browser: `Chromium ${browser.version()}`,
    viewport: VIEWPORT,
    mockDelayMs: 0,
    loadsPerSize: RUNS,
    scroll: { pxPerFrame: SCROLL_PX_PER_FRAME, frames: SCROLL_FRAMES },
    results,
    timeToFirstPostRatio: ratio,
  };
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', 'results', 'feed.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.info('Written to bench/results/feed.json');
} finally {
  await browser.close();
  await deployment.close();
}
