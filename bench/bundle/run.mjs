#!/usr/bin/env node
/**
 * Bundle benchmark: loads login → /home of the production build in Chromium and reports
 * the JavaScript the browser downloaded, raw and gzip, per origin, and its largest files.
 * Budget (what a slow phone network can load in time): ≤ 250 KiB gzip in all, ≤ 200 without the in-browser back end, react-dom once,
 * the federation runtime once.
 *
 *   npm run build && node bench/bundle/run.mjs      (or: npm run bench:bundle)
 * Writes bench/results/bundle.json; exits 1 when over budget.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { deploy } from '../../scripts/deploy.mjs';
import { launchChromium, logInAsGuest } from '../support/browser.mjs';

const BUDGET_GZIP_KIB = 250;
/** What a deployment against the API server downloads (it never loads the in-browser back end). */
const BUDGET_WITHOUT_BACK_END_KIB = 200;

const deployment = await deploy({ name: 'bench-bundle' });
const browser = await launchChromium(chromium);
try {
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: response.url(), raw: body.length, gzip: gzipSync(body).length, text: body.toString('utf8') });
  });
  await logInAsGuest(page, deployment.urls.shell);
  await page.waitForLoadState('networkidle');

  const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;
  const byOrigin = {};
  const names = Object.fromEntries(Object.entries(deployment.urls).map(([name, url]) => [new URL(url).origin, name]));
  for (const script of scripts) {
    const origin = names[new URL(script.url).origin] ?? new URL(script.url).origin;
    byOrigin[origin] ??= { files: 0, raw: 0, gzip: 0 };
    byOrigin[origin].files += 1;
    byOrigin[origin].raw += script.raw;
    byOrigin[origin].gzip += script.gzip;
  }
  const total = scripts.reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), { raw: 0, gzip: 0 });
  // The in-browser demo back end (Mirage, jose, seeds) is loaded only when no API server is set; its
  // chunk holds Mirage's own error texts.
  const demoBackEnd = scripts.filter((s) => s.text.includes('Mirage: ')).reduce((sum, s) => sum + s.gzip, 0);
  const distinctUrls = (marker) => new Set(scripts.filter((s) => s.text.includes(marker)).map((s) => s.url)).size;
  // react-dom's client carries its fiber marker; the federation runtime core its error codes.
  const reactDomCopies = distinctUrls('__reactFiber$');
  const runtimeCopies = distinctUrls('RUNTIME-001');

  console.log('\nJavaScript downloaded for login → /home (production build)\n');
  console.table(Object.fromEntries(Object.entries(byOrigin).map(([k, v]) => [k, { files: v.files, 'raw KiB': kib(v.raw), 'gzip KiB': kib(v.gzip) }])));
  const largest = [...scripts].sort((a, b) => b.gzip - a.gzip).slice(0, 8);
  console.table(largest.map((s) => ({ file: `${names[new URL(s.url).origin] ?? ''} ${new URL(s.url).pathname}`, 'raw KiB': kib(s.raw), 'gzip KiB': kib(s.gzip) })));
  console.log(`total: ${scripts.length} files, ${kib(total.raw)} KiB raw, ${kib(total.gzip)} KiB gzip (budget ${BUDGET_GZIP_KIB} KiB)`);
  console.log(
    `of which the in-browser demo back end: ${kib(demoBackEnd)} KiB gzip; the app without it: ${kib(total.gzip - demoBackEnd)} KiB gzip (budget ${BUDGET_WITHOUT_BACK_END_KIB} KiB)`,
  );
  console.log(`react-dom copies: ${reactDomCopies}; federation runtime copies: ${runtimeCopies}`);

  mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('../results/bundle.json', import.meta.url),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        total,
        byOrigin,
        reactDomCopies,
        runtimeCopies,
        demoBackEndGzip: demoBackEnd,
        files: scripts.map(({ url, raw, gzip }) => ({ url, raw, gzip })).sort((a, b) => b.gzip - a.gzip),
      },
      null,
      2,
    ),
  );
  const ok =
    kib(total.gzip) <= BUDGET_GZIP_KIB &&
    kib(total.gzip - demoBackEnd) <= BUDGET_WITHOUT_BACK_END_KIB &&
    reactDomCopies === 1 &&
    runtimeCopies === 1;
  console.log(ok ? 'Within budget.' : 'OVER BUDGET.');
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser.close();
  await deployment.close();
}
