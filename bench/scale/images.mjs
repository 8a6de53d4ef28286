#!/usr/bin/env node
/**
 * Image bytes of log in → first screen (bench:scale's image figure): 50 authors with 256 KB pictures
 * (noise JPEGs, 600 px square, as a phone photo cropped would be) write the 50 newest posts, and the
 * guest logs in, in Chromium, on the production build against the API server (PGlite). Counted:
 * every answer from the image store (`/uploads/…`) the page received until its images were all
 * loaded, after the first post was painted (CDP encodedDataLength, headers included), in two states:
 *   - before: each picture as kept before the image pipeline, the uploaded file under its old name
 *     (`<uuid>.jpg`, no copies): what the page loads is the stored size;
 *   - after: the same picture uploaded through POST /api/uploads (its copies made), drawn from the
 *     copy that fits (`@chirp/ui`'s Avatar).
 * At device pixel ratios 1 and 2. Aim: ≤ 150 KB (the issue: from 2.1 MB).
 *
 *   npm run build && npm run bench:images        (or: npm run bench:scale -- --images)
 * Writes bench/results/images.json.
 */
/* global document -- functions run in the page */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { deploy, freePort } from '../../scripts/deploy.mjs';
import { launchChromium, logInAsGuest } from '../support/browser.mjs';
import { VIEWPORT } from '../support/login-journey.mjs';
import { ROOT } from '../support/scale-data.mjs';

const { spawnServer } = await import('../../server/src/__tests__/spawn-server.ts');

const AUTHORS = 50;
const PICTURE_BYTES = 256 * 1024;
const AIM_KB = 150;

/** A 600 px noise JPEG of at most 256 KB, as close under it as the quality steps allow. */
async function picture() {
  const noise = await sharp({ create: { width: 600, height: 600, channels: 3, background: 'grey', noise: { type: 'gaussian', mean: 128, sigma: 24 } } })
    .png()
    .toBuffer();
  for (let quality = 95; quality > 10; quality -= 1) {
    const bytes = await sharp(noise).jpeg({ quality }).toBuffer();
    if (bytes.length <= PICTURE_BYTES) return bytes;
  }
  throw new Error('No quality makes the picture small enough.');
}

async function call(apiUrl, path, body, token) {
  const answer = await fetch(`${apiUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`POST ${path}: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

async function upload(apiUrl, bytes, token) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'picture.jpg');
  const answer = await fetch(`${apiUrl}/api/uploads`, { method: 'POST', headers: { authorization: token }, body: form });
  if (answer.status !== 201) throw new Error(`upload: ${answer.status} ${await answer.text()}`);
  return (await answer.json()).url;
}

/** Log in → first post → the network quiet: the bytes of every image of the store the page received. */
async function firstScreenImageBytes(browser, shellUrl, deviceScaleFactor) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor });
  const page = await context.newPage();
  const images = new Map();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    if (/\/uploads\/[^/]+$/.test(request.url)) images.set(requestId, { url: request.url, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = images.get(requestId);
    if (entry) entry.bytes = encodedDataLength;
  });
  try {
    await logInAsGuest(page, shellUrl);
    // The live updates' stream stays open, so the network is never idle: wait instead until every
    // image of the page is loaded and no image request came for a second.
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    let seen = -1;
    while (seen !== images.size || [...images.values()].some((entry) => entry.bytes === 0)) {
      seen = images.size;
      await page.waitForTimeout(1_000);
    }
    const entries = [...images.values()];
    return { bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0), count: entries.length, names: entries.map((entry) => entry.url.slice(entry.url.lastIndexOf('/') + 1)) };
  } finally {
    await context.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'chirp-bench-images-'));
const port = await freePort();
const apiUrl = `http://127.0.0.1:${port}`;
const deployment = await deploy({ name: `bench-images-${process.pid}`, config: { apiBaseUrl: apiUrl } });
const server = await spawnServer({ PORT: String(port), DATA_DIR: dataDir, CORS_ORIGINS: deployment.urls.shell, SEED_DEMO: '1' });
const browser = await launchChromium(chromium);
try {
  const bytes = await picture();
  console.info(`bench:images: ${AUTHORS} authors, pictures of ${(bytes.length / 1024).toFixed(1)} KB (600 × 600 JPEG)`);
  const authors = [];
  for (let index = 0; index < AUTHORS; index += 1) {
    const username = `pictured_${index}`;
    const { encodedToken } = await call(apiUrl, '/auth/signup', { username, password: 'bench@chirp1', firstName: 'Pictured', lastName: `Author ${index}` });
    // Before: the file as it came, under the name the store gave before it made copies.
    const oldName = `${randomUUID()}.jpg`;
    mkdirSync(join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', oldName), bytes);
    authors.push({ token: encodedToken, before: `${apiUrl}/uploads/${oldName}`, after: await upload(apiUrl, bytes, encodedToken) });
  }
  const pictures = (state) => Promise.all(authors.map((author) => call(apiUrl, '/users/edit?view=compact', { userData: { profilePic: author[state] } }, author.token)));
  await pictures('before');
  for (const [index, author] of authors.entries()) await call(apiUrl, '/posts?view=compact', { postData: { content: `Post ${index} by a pictured author` } }, author.token);

  const results = {};
  for (const state of ['before', 'after']) {
    await pictures(state);
    for (const ratio of [1, 2]) {
      // One warm-up (the deployment's files cold), then the figure, each in a fresh context.
      await firstScreenImageBytes(browser, deployment.urls.shell, ratio);
      results[`${state}@${ratio}x`] = await firstScreenImageBytes(browser, deployment.urls.shell, ratio);
    }
  }
  const figures = Object.fromEntries(Object.entries(results).map(([key, { bytes: received, count }]) => [key, { KB: Math.round((received / 1024) * 10) / 10, images: count }]));
  for (const [key, { KB, images }] of Object.entries(figures)) console.info(`  ${key.padEnd(10)} ${String(KB).padStart(8)} KB in ${images} images`);
  const worstAfter = Math.max(figures['after@1x'].KB, figures['after@2x'].KB);
  console.info(`  aim ≤ ${AIM_KB} KB after: ${worstAfter <= AIM_KB ? 'met' : 'NOT met'} (${worstAfter} KB at worst)`);
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench', 'results', 'images.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: `${cpus().length} × ${cpus()[0]?.model}`, pictureBytes: bytes.length, authors: AUTHORS, figures, aimKB: AIM_KB, namesAfter1x: results['after@1x'].names }, null, 2)}\n`,
  );
} finally {
  await browser.close();
  await server.stop();
  await deployment.close();
  rmSync(dataDir, { recursive: true, force: true });
}
