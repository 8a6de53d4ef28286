import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
// @ts-expect-error plain ESM script without types
import { startServers } from '../../scripts/serve.mjs';
import { appTookOver, expect, testWithOwnDeployment } from '../support/fixtures';

/**
 * The service worker keeps what a visit loaded, for a visit without a network; it must never keep a
 * remote redeployed on its own from showing on the next visit.
 */
const test = testWithOwnDeployment('offline-redeploy');
// The service worker is what this test is about (the others block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });
const AUTH_DIST = resolve(import.meta.dirname, '..', '..', 'auth-remote', 'dist');
const MARKER = 'Forgotten password? (redeployed)';

/**
 * A copy of the auth remote's build as a new release of it would be: the login page's chunk with
 * another text under another hashed name, and the entry and manifest that name it; the manifest
 * names the release's build (another source, so another fingerprint: shared/build/source-fingerprint.ts).
 */
function redeployedAuthRemote(): string {
  const copy = mkdtempSync(join(tmpdir(), 'chirp-auth-release-'));
  cpSync(AUTH_DIST, copy, { recursive: true, filter: (path) => !/\.(br|gz)$/.test(path) });
  const assets = join(copy, 'assets');
  const chunk = readdirSync(assets).find((name) => name.endsWith('.js') && readFileSync(join(assets, name), 'utf8').includes('Forgotten password?'));
  if (!chunk) throw new Error("the auth remote's build has no chunk with 'Forgotten password?'");
  const renamed = chunk.replace(/-[\w-]{8}\.js$/, '-Rel34se2.js');
  writeFileSync(join(assets, chunk), readFileSync(join(assets, chunk), 'utf8').replace('Forgotten password?', MARKER));
  renameSync(join(assets, chunk), join(assets, renamed));
  for (const file of ['remoteEntry.js', 'mf-manifest.json']) {
    const text = readFileSync(join(copy, file), 'utf8').replaceAll(chunk, renamed);
    writeFileSync(join(copy, file), text.replace(/"buildVersion":"[^"]*"/, '"buildVersion":"release-2"'));
  }
  return copy;
}

test('with the service worker in control, a remote redeployed alone shows after one reload', async ({ page, deployment }) => {
  await page.goto('/');
  await expect(page.getByText('Forgotten password?', { exact: true })).toBeVisible();
  // The page is painted from the HTML: the auth remote's own code must have come before its server goes.
  await appTookOver(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  const release = redeployedAuthRemote();
  await deployment.stop('auth');
  const port = Number(new URL(deployment.urls.auth).port);
  const [server] = await startServers({ ports: { auth: port }, only: ['auth'], directories: { auth: release } });
  try {
    await page.reload();
    await expect(page.getByText(MARKER)).toBeVisible();
  } finally {
    server.server.close();
    server.server.closeAllConnections();
    rmSync(release, { recursive: true, force: true });
    await deployment.start('auth');
  }
});
