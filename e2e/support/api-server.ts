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

/** The shell the page's context opens (its baseURL) and the API server its config.json names. */
async function appOf(page: Page) {
  const config = await page.context().request.get('/config.json');
  expect(config.ok(), 'the shell serves its config.json').toBe(true);
  const { apiBaseUrl } = (await config.json()) as { apiBaseUrl: string };
  return { shellOrigin: new URL(config.url()).origin, apiUrl: apiBaseUrl };
}

/**
 * Signs a new person up through the API, with the calls the sign-up page makes (the sign-up, then
 * the email address kept on the account), for tests that are not about the sign-up page: it has
 * its own tests (auth.server.spec.ts). The page is left as it was.
 */
export async function signUpThroughApi(page: Page, firstName = 'Robin'): Promise<Person & { token: string }> {
  const person = newPerson(firstName);
  const { apiUrl } = await appOf(page);
  const { username, password, lastName } = person;
  const signedUp = await page.context().request.post(`${apiUrl}/api/auth/signup`, { data: { username, password, firstName, lastName } });
  expect(signedUp.status(), `signing ${username} up`).toBe(201);
  const { encodedToken } = (await signedUp.json()) as { encodedToken: string };
  const kept = await page.context().request.post(`${apiUrl}/api/account`, {
    headers: { authorization: encodedToken },
    data: { email: `${username}@example.com` },
  });
  expect(kept.status(), `keeping ${username}'s email address`).toBe(200);
  return { ...person, token: encodedToken };
}

/**
 * A new person signed up through the API (see signUpThroughApi), and the page opened on /home with
 * the session the sign-up answered, as the sign-up page keeps it (the token and the username in
 * local storage). Clears whatever else the browser stored.
 */
export async function signUpAndOpenHome(page: Page, firstName?: string): Promise<Person> {
  const { token, ...person } = await signUpThroughApi(page, firstName);
  const { shellOrigin } = await appOf(page);
  await page.context().setStorageState({
    cookies: [],
    origins: [{ origin: shellOrigin, localStorage: [{ name: 'token', value: token }, { name: 'username', value: person.username }] }],
  });
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home$/);
  return person;
}
