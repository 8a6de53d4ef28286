import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { freePort, serveDirectory, writeRemotes } from '../support/deployment';
import { expect, logIn, testWithOwnDeployment } from '../support/fixtures';

/**
 * @chirp/session is the one package shared at run time, and its major version is the
 * contract between the shell and the remotes. The feed remote is built twice more, as if against a
 * newer minor and a new major of the session than the one the shell is built against (its package's
 * version): the minor loads and uses the page's session; the major's area says so while the rest of
 * the page works; pointing remotes.json back at the previous build (a rollback) restores it.
 */
const test = testWithOwnDeployment('session-versions');
test.describe.configure({ mode: 'serial' });

const ROOT = resolve(import.meta.dirname, '../..');
const CURRENT = (JSON.parse(readFileSync(join(ROOT, 'shared/session/package.json'), 'utf8')) as { version: string }).version;
const [major, minor] = CURRENT.split('.').map(Number) as [number, number];
const NEWER_MINOR = `${major}.${minor + 1}.0`;
const NEW_MAJOR = `${major + 1}.0.0`;
const builds = join(ROOT, '.cache', `session-versions-${process.pid}`);
const servers: Server[] = [];
const entries: Record<string, string> = {};

interface Manifest {
  shared: { name: string; version: string; requiredVersion: string }[];
}
const sessionShareOf = (version: string) => {
  const manifest = JSON.parse(readFileSync(join(builds, version, 'mf-manifest.json'), 'utf8')) as Manifest;
  return manifest.shared.find((shared) => shared.name === '@chirp/session')!;
};

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(builds, { recursive: true, force: true });
  for (const version of [NEWER_MINOR, NEW_MAJOR]) {
    const outDir = join(builds, version);
    mkdirSync(outDir, { recursive: true });
    execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: join(ROOT, 'feed-remote'),
      env: { ...process.env, CHIRP_SESSION_VERSION: version },
      stdio: 'pipe',
    });
    const port = await freePort();
    const server = createServer(serveDirectory(outDir));
    await new Promise<void>((done) => server.listen(port, done));
    servers.push(server);
    entries[version] = `http://localhost:${port}/remoteEntry.js`;
  }
});

test.afterAll(async () => {
  for (const server of servers) await new Promise((done) => server.close(done));
  rmSync(builds, { recursive: true, force: true });
});

const remotesWith = (urls: Record<string, string>, feed: string) => ({
  auth: `${urls.auth}/remoteEntry.js`,
  feed,
  profile: `${urls.profile}/remoteEntry.js`,
  notifications: `${urls.notifications}/remoteEntry.js`,
});

test('a remote built against a newer minor of the session loads in the older shell and shares its session', async ({ page, deployment }) => {
  expect(sessionShareOf(NEWER_MINOR)).toMatchObject({ version: NEWER_MINOR, requiredVersion: `^${major}.0.0` });
  writeRemotes(deployment.shellDirectory, remotesWith(deployment.urls, entries[NEWER_MINOR]));
  const newBuild = new URL(entries[NEWER_MINOR]).origin;
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: response.text().catch(() => '') });
  });

  await logIn(page);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded = await Promise.all(scripts.map(async ({ url, body }) => ({ url, body: await body })));
  const fromNewBuild = loaded.filter(({ url }) => url.startsWith(newBuild));
  expect(fromNewBuild.map(({ url }) => new URL(url).pathname)).toContain('/remoteEntry.js');
  // It runs on the page's session (one store, one query cache): the session's code, which carries
  // the query library ("No QueryClient set"), comes from the shell alone, never from the new build.
  const sessionCopies = loaded.filter(({ body }) => body.includes('No QueryClient set')).map(({ url }) => new URL(url).origin);
  expect(sessionCopies).toEqual([new URL(deployment.urls.shell).origin]);
});

test('a remote built against a new major says so in its area, the rest of the page works, and a rollback restores it', async ({ page, deployment }) => {
  expect(sessionShareOf(NEW_MAJOR)).toMatchObject({ version: NEW_MAJOR, requiredVersion: `^${NEW_MAJOR}` });
  writeRemotes(deployment.shellDirectory, remotesWith(deployment.urls, entries[NEW_MAJOR]));
  // Its entry may download while its manifest is read (a preload), but it never runs: running it
  // would ask for the files it imports. Only the entry and the manifest are asked of that build.
  const newMajor = new URL(entries[NEW_MAJOR]).origin;
  const askedOfNewMajor: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(newMajor)) askedOfNewMajor.push(new URL(request.url()).pathname);
  });

  await logIn(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('alert')).toContainText(
    `The home feed could not be loaded: it was built for another version of Chirp (session ${NEW_MAJOR}; this page provides ${CURRENT}).`,
  );
  await page.waitForLoadState('networkidle');
  expect([...new Set(askedOfNewMajor)].sort()).toEqual(['/mf-manifest.json', '/remoteEntry.js']);
  // The other remotes and the shell work.
  await expect(page.getByRole('complementary').getByRole('heading', { name: 'Suggestions for you' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(main.getByRole('alert')).toContainText(`session ${NEW_MAJOR}`);

  // The rollback: remotes.json points at the previous build again; Retry reads it anew.
  writeRemotes(deployment.shellDirectory, remotesWith(deployment.urls, `${deployment.urls.feed}/remoteEntry.js`));
  await main.getByRole('button', { name: 'Retry' }).click();
  await expect(main.getByRole('article').first()).toBeVisible();
  await expect(main.getByRole('alert')).toHaveCount(0);
});
