import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test } from '../support/fixtures';

/**
 * `npm run dev` starts the dev servers on their fixed ports (the fourth remote,
 * notifications, included), and the remotes share the one store there too.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
let dev: ChildProcess;
let output = '';

async function waitForServer(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${url} did not start in ${timeoutMs} ms:\n${output.slice(-2000)}`);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dev = spawn('npm', ['run', 'dev'], { cwd: ROOT, detached: true, env: { ...process.env, FORCE_COLOR: '0' } });
  dev.stdout?.on('data', (chunk) => (output += chunk));
  dev.stderr?.on('data', (chunk) => (output += chunk));
  await Promise.all([
    waitForServer('http://localhost:5173/', 90_000),
    waitForServer('http://localhost:5174/remoteEntry.js', 90_000),
    waitForServer('http://localhost:5175/remoteEntry.js', 90_000),
    waitForServer('http://localhost:5176/remoteEntry.js', 90_000),
    waitForServer('http://localhost:5177/remoteEntry.js', 90_000),
  ]);
});

const PORTS = [5173, 5174, 5175, 5176, 5177];

test.afterAll(async () => {
  if (!dev.pid) return;
  try {
    process.kill(-dev.pid, 'SIGTERM');
  } catch {
    // already ended
  }
  // Until every port is free: a run after this one (--repeat-each) found the servers still up, and
  // never started its own or could not.
  const up = (port: number) => fetch(`http://localhost:${port}/`).then(() => true, () => false);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && (await Promise.all(PORTS.map(up))).some(Boolean)) {
    await new Promise((done) => setTimeout(done, 250));
  }
});

test.use({ baseURL: 'http://localhost:5173' });

test('in dev mode the remotes share the store', async ({ page }) => {
  test.setTimeout(120_000);
  for (const label of ['shell', 'auth', 'feed', 'profile', 'notifications']) expect(output).toContain(`[${label}]`);

  await page.goto('/?mockDelay=0');
  await page.getByRole('link', { name: /guest/i }).click();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/, { timeout: 60_000 });
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account menu' })).toContainText(
    '@guestuser',
  );
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('complementary').getByRole('heading', { name: 'Suggestions for you' })).toBeVisible({
    timeout: 60_000,
  });
  // The fourth remote, on its own dev server, reads the same session.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('No notifications yet')).toBeVisible({ timeout: 60_000 });
});
