/**
 * The log-in journey the benchmarks time in Chromium (bench:scale, bench:cluster): log in → first post,
 * with the API bytes the page received for it, in fresh contexts, taken in turns between setups.
 */
/* global window, document, requestAnimationFrame, MutationObserver -- functions run in the page */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { median, round } from './figures.mjs';

export const GUEST = { username: 'guestuser', password: 'guest@chirp1' }; // shared/src/constants.ts GUEST_CREDENTIALS
export const VIEWPORT = { width: 1280, height: 900 };

/** Adds to `error` the path of a screenshot of `page`, written to `folder` (bench/results/…-failures). */
export async function screenshotOnFailure(page, name, error, folder) {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${name}-${Date.now()}.png`);
  try {
    await page.screenshot({ path, fullPage: false });
    error.message = `${error.message}\n  (screenshot: ${path}; page at ${page.url()})`;
  } catch {
    // the page is gone: no screenshot
  }
  return error;
}

/**
 * The login page is painted from the HTML before the app runs (its fields take typing at once). The
 * clock starts once the app has taken it over and its back end has started, so that the figure is
 * the log in's, not the app's start (recorded apart, as loginFormMs).
 */
async function appTookOver(page) {
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await page.waitForFunction(
    () => !document.getElementById('root')?.hasAttribute('data-prerendered') && document.documentElement.dataset.backend === 'ready',
    null,
    { timeout: 60_000 },
  );
}

/**
 * Log in → first post: from the click on Log in to the frame after the first <article> of <main>
 * was inserted, in a fresh context. Bytes: every answer from the API origin to a request sent
 * between the click and that frame (CDP encodedDataLength: as received, headers included).
 */
async function logInToFirstPost(browser, { shellUrl, apiOrigin, prepare, name, failures }) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    const loadStarted = Date.now();
    await page.goto(`${shellUrl}/`);
    await appTookOver(page);
    if (prepare) {
      await prepare(page);
      await page.reload();
      await appTookOver(page);
    }
    const loginFormMs = Date.now() - loadStarted;
    await page.getByLabel('Email address').fill(GUEST.username);
    await page.getByLabel('Password', { exact: true }).fill(GUEST.password);

    // Every request to the API from the click on; counted: those sent (by the browser's wall clock)
    // before the frame that painted the first post.
    const requests = new Map(); // requestId → { kind, method, url, sentAt, bytes, done }
    let listening = false;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', ({ requestId, request, wallTime }) => {
      if (!listening || !apiOrigin || !request.url.startsWith(`${apiOrigin}/api/`)) return;
      const kind = /\/api\/users\/[^/?]+\/picture/.test(request.url) ? 'pictures' : 'api';
      requests.set(requestId, { kind, method: request.method, url: request.url.slice(apiOrigin.length), sentAt: wallTime * 1000, bytes: 0, done: false });
    });
    const finish = (requestId, bytes) => {
      const entry = requests.get(requestId);
      if (entry) Object.assign(entry, { bytes, done: true });
    };
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => finish(requestId, encodedDataLength));
    cdp.on('Network.loadingFailed', ({ requestId }) => finish(requestId, 0));
    await page.evaluate(() => {
      window.__firstPostAt = null;
      new MutationObserver((_records, observer) => {
        if (!document.querySelector('main article')) return;
        observer.disconnect();
        requestAnimationFrame(() => (window.__firstPostAt = performance.now()));
      }).observe(document, { childList: true, subtree: true });
    });
    listening = true;
    const clickedAt = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForFunction(() => window.__firstPostAt !== null, null, { timeout: 60_000 });
    const { firstPostAt, firstPostWall } = await page.evaluate(() => ({
      firstPostAt: window.__firstPostAt,
      firstPostWall: performance.timeOrigin + window.__firstPostAt,
    }));
    const counted = () => [...requests.values()].filter((entry) => entry.sentAt <= firstPostWall);
    // The answers counted may still be arriving: wait for them (a few seconds at most).
    const until = Date.now() + 5_000;
    while (counted().some((entry) => !entry.done) && Date.now() < until) await page.waitForTimeout(50);
    listening = false;
    const bytes = { api: 0, pictures: 0, calls: 0 };
    for (const entry of counted()) {
      bytes[entry.kind] += entry.bytes;
      if (entry.kind === 'api' && entry.method !== 'OPTIONS') bytes.calls += 1;
    }
    const calls = counted().map((entry) => `${entry.method} ${entry.url} ${entry.bytes} B`);
    const later = [...requests.values()].filter((entry) => entry.sentAt > firstPostWall).length;
    if (errors.length) console.warn(`  page errors: ${errors.join(' | ')}`);
    return { ms: firstPostAt - clickedAt, loginFormMs, bytes, calls, later };
  } catch (error) {
    throw await screenshotOnFailure(page, name, error, failures);
  } finally {
    await context.close();
  }
}

/** Log-in runs summed up: medians, and the calls of the last run. */
function summarize(runs, withApi) {
  return {
    firstPostMs: round(median(runs.map((run) => run.ms))),
    runsMs: runs.map((run) => round(run.ms)),
    loginFormMs: round(median(runs.map((run) => run.loginFormMs))),
    ...(withApi
      ? {
          apiKB: round(median(runs.map((run) => run.bytes.api)) / 1024, 1),
          apiCalls: median(runs.map((run) => run.bytes.calls)),
          picturesKB: round(median(runs.map((run) => run.bytes.pictures)) / 1024, 1),
          callsSeen: runs[runs.length - 1].calls,
          apiRequestsRightAfter: runs[runs.length - 1].later,
        }
      : {}),
  };
}

/**
 * One warm-up, then `runs` log-ins on each of `setups` ({ key, shellUrl, apiOrigin?, prepare? }), taken in turns (seed,
 * large, seed, large…) so that a machine busy with other work weighs on both sides alike. A failed journey leaves a
 * screenshot in `failures`.
 */
export async function measureLogins(browser, setups, { name, runs: count, failures }) {
  const runs = Object.fromEntries(setups.map((setup) => [setup.key, []]));
  // One log-in each first, not counted: a fresh server's first queries and the deployment's files are cold.
  for (const setup of setups) await logInToFirstPost(browser, { ...setup, failures, name: `${name}-${setup.key}-warm-up` });
  for (let run = 0; run < count; run += 1) {
    for (const setup of setups) runs[setup.key].push(await logInToFirstPost(browser, { ...setup, failures, name: `${name}-${setup.key}-${run + 1}` }));
  }
  return Object.fromEntries(setups.map((setup) => [setup.key, summarize(runs[setup.key], Boolean(setup.apiOrigin))]));
}

