import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { spawnServer } from '@chirp/server/testing';
import { theCluster } from '../cluster/cluster';
import { deploy, freePort } from './deployment';
import { E2E_MODERATOR } from './moderator';
import { test as base, expect } from './fixtures';

export { expect, expectRefusedCall, logIn, watchConsole } from './fixtures';

interface ServerBackedApp {
  /** The API server's origin, as the browser reaches it (uploaded images are served from it too). */
  apiUrl: string;
  /** The deployed shell, whose config.json points at that server. */
  shellUrl: string;
}

/** The server answers when its user list does (it lays down the seeds before listening). */
async function waitUntilAnswering(apiUrl: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${apiUrl}/api/users`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The API server at ${apiUrl} did not answer in time`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Tests against the real API server (`server/`, embedded PGlite), not the in-browser back end: each
 * worker starts its own server process on a fresh data folder and its own deployment of the
 * production build, whose config.json points the shell at that server (Mirage is never loaded).
 * `baseURL` is that deployment's shell. The worker's tests share the data: each makes its own users.
 */
export const test = base.extend<{ toasts: void }, { app: ServerBackedApp }>({
  app: [
    async ({}, use, workerInfo) => {
      // `npm run test:cluster`: the same journeys through the local cluster's load balancer.
      if (process.env.CHIRP_CLUSTER_DIR) {
        const cluster = theCluster();
        await use({ apiUrl: cluster.apiUrl, shellUrl: cluster.shellUrl });
        return;
      }
      // The shell's config needs the server's address and the server needs the shell's origin (CORS).
      const port = await freePort();
      const apiUrl = `http://127.0.0.1:${port}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'chirp-e2e-server-'));
      const deployment = await deploy({ name: `server-${process.pid}-${workerInfo.workerIndex}`, config: { apiBaseUrl: apiUrl } });
      try {
        const server = await spawnServer({
          PORT: String(port),
          DATA_DIR: dataDir,
          CORS_ORIGINS: deployment.urls.shell,
          CHIRP_MODERATORS: E2E_MODERATOR.username,
        });
        try {
          await waitUntilAnswering(apiUrl);
          await use({ apiUrl, shellUrl: deployment.urls.shell });
        } finally {
          await server.stop();
        }
      } finally {
        await deployment.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ app }, use) => use(app.shellUrl),
  toasts: [
    async ({ context }, use) => {
      await recordToasts(context);
      await use();
    },
    { auto: true },
  ],
});

declare global {
  interface Window {
    /** Every text a toast (or other status element) has shown, in order; see recordToasts. */
    __chirpToasts?: string[];
  }
}

/**
 * Toasts close after 1500 ms (spec 9); on a busy machine a round trip to the server plus the next
 * check can take longer than that, so the pages of `context` write down every text a status element
 * shows, and expectToast reads it from there.
 */
export async function recordToasts(context: BrowserContext) {
  await context.addInitScript(() => {
    const shown: string[] = (window.__chirpToasts = []);
    const last = new WeakMap<Element, string>();
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('[role="status"]')) {
        const text = element.textContent ?? '';
        if (text && last.get(element) !== text) shown.push(text);
        last.set(element, text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The page has shown a toast reading exactly `text` (since the last load); each one is counted once. */
export async function expectToast(page: Page, text: string) {
  const taken = () =>
    page.evaluate((wanted) => {
      const shown = window.__chirpToasts ?? [];
      const index = shown.indexOf(wanted);
      if (index >= 0) shown.splice(index, 1);
      return index >= 0;
    }, text);
  await expect.poll(taken, { message: `a toast reading '${text}'` }).toBe(true);
}

export interface Person {
  firstName: string;
  lastName: string;
  fullName: string;
  username: string;
  password: string;
}

/** A person nobody has signed up yet (the server's data outlives a test: every name is new). */
export function newPerson(firstName: string): Person {
  const lastName = 'Tester';
  const username = `${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}`;
  return { firstName, lastName, fullName: `${firstName} ${lastName}`, username, password: `pass-${randomUUID().slice(0, 8)}` };
}

/** Signs a new person up through the sign-up page (spec 4: it then fills the login form). */
export async function signUpAndLogIn(page: Page, firstName = 'Robin'): Promise<Person> {
  const person = newPerson(firstName);
  await page.goto('/signup');
  const fields: Record<string, string> = {
    'First name': person.firstName,
    'Last name': person.lastName,
    'Email address': `${person.username}@example.com`,
    Username: person.username,
    Password: person.password,
    'Confirm password': person.password,
  };
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  // A sign-up signs the newcomer in at once.
  await expectToast(page, 'Signed Up Successfully');
  await expect(page).toHaveURL(/\/home$/);
  return person;
}

/** Signs a new person up, then leaves the page signed out on the login page (to sign up someone else, or log in). */
export async function signUp(page: Page, firstName?: string): Promise<Person> {
  const person = await signUpAndLogIn(page, firstName);
  // Home's first calls are sent (with the token) before the token goes.
  await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  return person;
}
