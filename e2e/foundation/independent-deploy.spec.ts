import { execSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
// @ts-expect-error plain ESM script without types
import { startServers } from '../../scripts/serve.mjs';
import { freePort, writeRemotes } from '../support/deployment';
import { appTookOver, expect, testWithOwnDeployment } from '../support/fixtures';

/**
 * What micro-frontends are for: a remote is rebuilt and redeployed alone, and the running shell (never
 * rebuilt) shows the change after a reload; editing remotes.json alone moves the shell to a remote
 * served elsewhere.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
const MARKER = 'Forgotten password? (new release)';
const test = testWithOwnDeployment('independent-deploy');
let variantDist: string;

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** A copy of auth-remote with one text changed in its source, built on its own. */
function buildChangedAuthRemote(): string {
  const workspace = join(ROOT, '.cache', 'variants', `auth-${process.pid}`);
  rmSync(workspace, { recursive: true, force: true });
  mkdirSync(workspace, { recursive: true });
  // What a remote builds on, beside it as in the repository: the shared packages and the base tsconfig.
  symlinkSync(join(ROOT, 'shared'), join(workspace, 'shared'));
  symlinkSync(join(ROOT, 'tsconfig.base.json'), join(workspace, 'tsconfig.base.json'));
  const copy = join(workspace, 'auth-remote');
  cpSync(join(ROOT, 'auth-remote'), copy, {
    recursive: true,
    filter: (path) => !/[\\/](dist|node_modules)$/.test(path),
  });
  const source = filesUnder(join(copy, 'src')).find(
    (path) => /\.tsx$/.test(path) && !/\.test\.tsx$/.test(path) && readFileSync(path, 'utf8').includes('Forgotten password?'),
  );
  if (!source) throw new Error("auth-remote's source has no 'Forgotten password?' text to change");
  writeFileSync(source, readFileSync(source, 'utf8').replace('Forgotten password?', MARKER));
  execSync('npx vite build --logLevel error', { cwd: copy, stdio: 'inherit' });
  return join(copy, 'dist');
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  variantDist = buildChangedAuthRemote();
});
test.afterAll(async () => {
  rmSync(join(ROOT, '.cache', 'variants', `auth-${process.pid}`), { recursive: true, force: true });
});

test('redeploying only the auth remote changes what the running shell shows after a reload', async ({ page, deployment }) => {
  await page.goto('/');
  await expect(page.getByText('Forgotten password?', { exact: true })).toBeVisible();
  // The page is painted from the HTML: the auth remote's own code must have come before its server goes.
  await appTookOver(page);

  await deployment.stop('auth');
  const port = Number(new URL(deployment.urls.auth).port);
  const [server] = await startServers({ ports: { auth: port }, only: ['auth'], directories: { auth: variantDist } });
  try {
    await page.reload();
    await expect(page.getByText(MARKER)).toBeVisible();
  } finally {
    server.server.close();
    await deployment.start('auth');
  }
});

test('editing remotes.json alone points the shell at a remote served elsewhere', async ({ page, deployment }) => {
  const port = await freePort();
  const [server] = await startServers({ ports: { auth: port }, only: ['auth'], directories: { auth: variantDist } });
  const original = readFileSync(join(deployment.shellDirectory, 'remotes.json'), 'utf8');
  try {
    writeRemotes(deployment.shellDirectory, { ...JSON.parse(original), auth: `http://localhost:${port}/remoteEntry.js` });
    await page.goto('/');
    await expect(page.getByText(MARKER)).toBeVisible();
  } finally {
    writeFileSync(join(deployment.shellDirectory, 'remotes.json'), original);
    server.server.close();
  }
  await page.reload();
  await expect(page.getByText('Forgotten password?', { exact: true })).toBeVisible();
});
