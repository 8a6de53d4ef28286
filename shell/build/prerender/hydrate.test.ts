import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@chirp/session';
import { App } from '../../src/app';

// The browser's render loads the auth pages from their source too, as the build-time render does.
vi.mock('../../src/remotes/remote-registry', () => import('./remotes'));

let pages: Record<string, string>;
let root: Root | undefined;

beforeAll(async () => {
  // As the build renders them (./plugin.ts), in a process of its own: React's server renderer leaves
  // its context values behind in the realm it ran in, where this test's browser render would read them.
  const script = "import('./shell/build/prerender/plugin.ts').then((m) => m.renderPages('shell')).then((p) => process.stdout.write(JSON.stringify(p)))";
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
  const { login, signup } = JSON.parse(stdout) as { login: string; signup: string };
  pages = { '/': login, '/signup': signup };
}, 60_000);

let errors: ReturnType<typeof vi.spyOn>;

/** Puts the page rendered at build time in the document, at `path`, as index.html holds it. */
async function openPrerendered(path: string) {
  const html = pages[path];
  history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root" data-prerendered="${path}">${html}</div>`;
  return document.getElementById('root')!;
}

/** Hydrates as src/bootstrap.tsx does; resolves once the page's remote module has taken its HTML over. */
async function hydrate(container: HTMLElement) {
  const recoverable = vi.fn();
  let takenOver = false;
  document.addEventListener('chirp:prerendered-page-taken-over', () => (takenOver = true), { once: true });
  act(() => {
    root = hydrateRoot(container, createElement(StrictMode, null, createElement(App)), { onRecoverableError: recoverable });
  });
  await waitFor(() => expect(takenOver).toBe(true));
  return recoverable;
}

beforeEach(() => {
  errors = vi.spyOn(console, 'error');
  useSession.setState({ loginForm: { username: '', password: '' } });
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

describe('the public pages rendered at build time', () => {
  it.each([
    ['/', 'Log in to Chirp'],
    ['/signup', 'Create a new account'],
  ])('%s is painted from the HTML and hydrates with no mismatch or warning', async (path, title) => {
    const container = await openPrerendered(path);
    expect(container).toHaveTextContent('Stay Always Connceted');
    expect(container).toHaveTextContent(title);
    const recoverable = await hydrate(container);
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
  });

  it('keeps what was typed before the app took the log-in form over, and sends it', async () => {
    const container = await openPrerendered('/');
    (container.querySelector('input[name="username"]') as HTMLInputElement).value = 'ada';
    (container.querySelector('input[name="password"]') as HTMLInputElement).value = 'secret-pass';
    await hydrate(container);
    expect(useSession.getState().loginForm).toEqual({ username: 'ada', password: 'secret-pass' });
    // Typing on in one field leaves the other as it was.
    await userEvent.type(screen.getByLabelText('Password'), '!');
    await waitFor(() => expect(useSession.getState().loginForm).toEqual({ username: 'ada', password: 'secret-pass!' }));
    expect(screen.getByLabelText('Email address')).toHaveValue('ada');
    expect(errors).not.toHaveBeenCalled();
  });

  it('keeps what was typed into the sign-up form', async () => {
    const container = await openPrerendered('/signup');
    (container.querySelector('input[name="firstName"]') as HTMLInputElement).value = 'Ada';
    await hydrate(container);
    await userEvent.type(screen.getByLabelText('Last name'), 'L');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last name')).toHaveValue('L');
  });
});
