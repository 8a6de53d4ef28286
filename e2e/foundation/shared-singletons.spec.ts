import { expect, logIn, test } from '../support/fixtures';

/**
 * One store, one React for the whole page, and each remote's files
 * come from its own server.
 */
test('a value written to the store in one remote is seen at once by the shell and the other remotes', async ({ page }) => {
  await page.goto('/');
  // The auth remote writes the login form into the shared store...
  await page.getByRole('link', { name: /guest/i }).click();
  await expect(page.getByLabel('Email address')).toHaveValue('guestuser');
  await page.getByRole('button', { name: 'Log in' }).click();

  // ...and the session it creates is what the shell's chrome, the feed and the profile remote show.
  await expect(page).toHaveURL(/\/home$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Account menu' })).toContainText('@guestuser');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('complementary').getByRole('heading', { name: 'Suggestions for you' })).toBeVisible();
});

test('react-dom, the router and the query library are downloaded once for the whole page and each remote comes from its own server', async ({ page }) => {
  const urls = JSON.parse(process.env.E2E_REMOTE_URLS ?? '{}') as Record<string, string>;
  const scripts: { url: string; body: string }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
  });

  await logIn(page);
  await page.goto('/profile/guestuser');
  await expect(page.getByRole('tab', { name: 'Posts', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // react-dom's client code carries its fiber marker; a second copy would be a second React.
  const reactDomCopies = new Set(scripts.filter(({ body }) => body.includes('__reactFiber$')).map(({ url }) => url));
  expect([...reactDomCopies]).toHaveLength(1);

  for (const remote of ['auth', 'feed', 'profile']) {
    const origin = new URL(urls[remote]).origin;
    const fromRemote = scripts.filter(({ url }) => new URL(url).origin === origin).map(({ url }) => url);
    expect(fromRemote, `${remote} files`).toContain(`${origin}/remoteEntry.js`);
    expect(fromRemote.length, `${remote} chunks`).toBeGreaterThan(1);
  }
  // The federation runtime is provided once, by the shell: no remote ships its own.
  // Its code carries the runtime's error codes; remotes read the shell's copy from a global.
  const runtimes = new Set(scripts.filter(({ body }) => body.includes('RUNTIME-001')).map(({ url }) => url));
  expect([...runtimes]).toHaveLength(1);
  expect(new URL([...runtimes][0]).origin).toBe(new URL(page.url()).origin);
  // One query library, hence one query cache: the shell's copy (each remote's own copy is only a
  // fallback for running alone). Its code carries its missing-client message.
  const queryLibraries = new Set(scripts.filter(({ body }) => body.includes('No QueryClient set')).map(({ url }) => url));
  expect([...queryLibraries]).toHaveLength(1);
  expect(new URL([...queryLibraries][0]).origin).toBe(new URL(page.url()).origin);
  // One router, the shell's (the part of it the remotes may use): a remote's own copy would be a
  // second router, and 60 KiB more. Its code carries its outside-a-router message.
  const routers = new Set(scripts.filter(({ body }) => body.includes('may be used only in the context of a <Router>')).map(({ url }) => url));
  expect([...routers]).toHaveLength(1);
  expect(new URL([...routers][0]).origin).toBe(new URL(page.url()).origin);
});
