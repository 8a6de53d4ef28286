import { test as base, expect, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { type Deployment, deploy } from './deployment';

export interface Fixtures {
  /** Console errors and uncaught exceptions seen during the test; the test fails on any. */
  consoleErrors: string[];
}

/** Collects a page's console errors and uncaught exceptions into `errors` (a second page's too). */
export function watchConsole(page: Page, errors: string[]) {
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
}

/**
 * The visible buttons and tabs that wear the browser's own look (Chromium's outset border): their
 * stylesheet did not arrive (a remote's CSS not loaded with the module that needs it).
 */
export async function unstyledControls(page: Page): Promise<string[]> {
  if (page.isClosed()) return [];
  return page
    .locator('button, [role="tab"]')
    .evaluateAll((controls) =>
      controls
        .filter((control) => control.checkVisibility() && getComputedStyle(control).borderTopStyle === 'outset')
        .map((control) => control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName),
    )
    .catch(() => []); // the page is navigating or gone: nothing to judge
}

/**
 * Every test runs against the deployed production build and fails on any console error or
 * uncaught exception ("no uncaught error in the console, ever"), or on a control left without its
 * styles on the page where it ends.
 */
export const test = base.extend<Fixtures & { shellOrigin: void }>({
  shellOrigin: [
    async ({ context, baseURL }, use) => {
      if (baseURL) shellOrigins.set(context, baseURL);
      await use();
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      watchConsole(page, errors);
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
      expect(await unstyledControls(page), 'controls without their styles').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * A refused call against a real server makes the browser itself log "Failed to load resource: the
 * server responded with a status of …" (no page can stop that). A test that expects such a refusal
 * takes exactly one of these out of the console errors; anything else still fails the test.
 */
export async function expectRefusedCall(consoleErrors: string[], status: number) {
  const logged = `Failed to load resource: the server responded with a status of ${status} `;
  const index = () => consoleErrors.findIndex((error) => error.startsWith(logged));
  await expect.poll(index, { message: `the browser logs the refused call (${status})` }).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(index(), 1);
}

/**
 * The log-in and sign-up pages are painted from the HTML before the app runs (shell/build/app-frame.ts):
 * their fields show at once, but the app (and the in-browser back end) is there only once it has
 * taken the page over. For tests that go on to use storage or the back end themselves.
 */
export async function appTookOver(page: Page) {
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  // The app renders while the in-browser back end starts (its calls wait): a test that talks to the
  // back end or its storage itself waits for the start too.
  await expect(page.locator('html')).toHaveAttribute('data-backend', 'ready');
}

/** What the shell says while the browser is offline (a live region). */
export const offlineNote = (page: Page) => page.getByRole('status').filter({ hasText: /^You are offline\./ });

/** Logs in through the login page as a person would. */
export async function logIn(page: Page, credentials: { username: string; password: string } = GUEST_CREDENTIALS) {
  await page.goto('/');
  await page.getByLabel('Email address').fill(credentials.username);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The shell each test's own context opens (its baseURL), for openLoggedIn. */
const shellOrigins = new WeakMap<BrowserContext, string>();
/** Per worker: the browser's storage right after a log-in, by shell and username (see openLoggedIn). */
const loggedInStates = new Map<string, Promise<StorageState>>();

/** What a storage state holds of an origin's IndexedDB (`storageState({ indexedDB: true })`). */
interface SavedIndexedDb {
  name: string;
  stores: { name: string; records: unknown[] }[];
}

/** The in-browser back end's data set was saved (its token key with it) before the snapshot was taken. */
function holdsDataSet(state: StorageState, origin: string) {
  const saved = state.origins.find((entry) => entry.origin === origin) as { indexedDB?: SavedIndexedDb[] } | undefined;
  const stores = saved?.indexedDB?.find((db) => db.name === 'chirp-demo-backend')?.stores;
  const records = (name: string) => stores?.find((store) => store.name === name)?.records.length ?? 0;
  return records('meta') === 1 && records('users') > 0 && records('posts') > 0;
}

/** Logs in through the login page in a context of its own and keeps what the browser then holds. */
async function loggedInState(context: BrowserContext, baseURL: string, credentials: { username: string; password: string }) {
  const browser = context.browser();
  if (!browser) throw new Error('openLoggedIn needs a browser to log in once');
  const own = await browser.newContext({ baseURL });
  try {
    const page = await own.newPage();
    await logIn(page, credentials);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    const origin = new URL(baseURL).origin;
    let state: StorageState | undefined;
    await expect
      .poll(async () => holdsDataSet((state = await own.storageState({ indexedDB: true })), origin), {
        message: 'the in-browser back end saved its data set',
      })
      .toBe(true);
    return state!;
  } finally {
    await own.close();
  }
}

/**
 * Gives the test's browser what it holds right after a log-in through the login page as
 * `credentials` (the token, and the in-browser back end's freshly seeded data set in IndexedDB),
 * taken once per worker and person: the next page loaded is logged in. For tests that are not about
 * logging in; the login page's own tests keep using `logIn`. Nothing is loaded here.
 */
export async function startLoggedIn(page: Page, credentials: { username: string; password: string } = GUEST_CREDENTIALS) {
  const context = page.context();
  const baseURL = shellOrigins.get(context);
  if (!baseURL) throw new Error("startLoggedIn works in the test's own context (the one with the project's baseURL)");
  const key = `${baseURL} ${credentials.username}`;
  let state = loggedInStates.get(key);
  if (!state) {
    state = loggedInState(context, baseURL, credentials);
    loggedInStates.set(key, state);
    state.catch(() => loggedInStates.delete(key));
  }
  await context.setStorageState(await state);
  return baseURL;
}

/**
 * Opens `path` logged in as `credentials` (see startLoggedIn): the same start as `logIn` followed by
 * `page.goto(path)`, without loading the login page and the home feed first.
 */
export async function openLoggedIn(page: Page, path = '/home', credentials: { username: string; password: string } = GUEST_CREDENTIALS) {
  const baseURL = await startLoggedIn(page, credentials);
  await page.goto(path);
  // Logged in: the page stays where it was opened (a guard would have sent it to the login page).
  const { pathname } = new URL(path, baseURL);
  await expect(page).toHaveURL((url) => url.pathname === pathname);
}

/** Signs out as a person would: the account menu's Signout on desktops, Sign out on the own profile on phones. */
export async function signOut(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === 'phone') {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  } else {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Signout' }).click();
  }
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Tests that stop, restart or redeploy servers get a deployment of their own (per worker), so they
 * never disturb the shared one; `baseURL` points at its shell. `config` as deploy() takes it.
 */
export function testWithOwnDeployment(name: string, { config }: { config?: Record<string, unknown> | null } = {}) {
  return test.extend<object, { deployment: Deployment }>({
    deployment: [
      async ({}, use, workerInfo) => {
        const deployment = await deploy({ name: `${name}-${process.pid}-${workerInfo.workerIndex}`, config });
        await use(deployment);
        await deployment.close();
      },
      { scope: 'worker' },
    ],
    baseURL: async ({ deployment }, use) => use(deployment.urls.shell),
  });
}
