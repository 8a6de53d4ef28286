import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@chirp/contracts';
import { PRERENDERED_PAGE_TAKEN_OVER } from '../src/remotes/prerendered-page';
import { appFrame, DECIDE } from './app-frame';

/** What ./prerender/plugin.ts puts in the page: the log-in page in the root, the sign-up page in a template. */
const PRERENDERED =
  '<div id="root" data-prerendered="/"><main><form><input name="username"><button>Log in</button></form><a href="/signup">Sign up</a></main></div>' +
  '<template id="prerendered-signup"><main><h1>Create a new account</h1></main></template>';

/** The page as the build writes it, its body in the document, at `path`. */
function openPage(path: string, { prerendered = false } = {}) {
  const plugin = appFrame();
  const transform = plugin.transformIndexHtml as (html: string) => string;
  const html = transform('<!doctype html><html><head></head><body><div id="root"></div></body></html>').replace(
    '<div id="root"></div>',
    prerendered ? PRERENDERED : '<div id="root"></div>',
  );
  document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
  history.replaceState(null, '', path);
  new Function(DECIDE)();
  return document.getElementById('root')!;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('the signed-in frame in the page', () => {
  it('is painted for a stored session on a signed-in address: navigation, the main column, the side panel', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'a-token');
    const root = openPage('/home');
    const frame = root.querySelector('.app-layout')!;
    expect(frame).toHaveAttribute('aria-hidden', 'true');
    expect([...frame.querySelectorAll('.nav-link__label')].map((label) => label.textContent)).toEqual([
      'Home',
      'Explore',
      'Bookmarks',
      'Liked Post',
      'Notifications',
    ]);
    expect(frame.querySelector('.app-main .app-frame__post')).not.toBeNull();
    expect(frame.querySelector('.app-aside')).not.toBeNull();
  });

  it('is painted for a stored session on the log-in and sign-up pages too (the app sends the person on)', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'a-token');
    for (const path of ['/', '/signup']) {
      const root = openPage(path, { prerendered: true });
      expect(root.querySelector('.app-layout')).not.toBeNull();
      expect(root).not.toHaveAttribute('data-prerendered');
    }
  });

  it('is not painted for a visitor', () => {
    expect(openPage('/home')).toBeEmptyDOMElement();
  });
});

describe('the prerendered public pages in the page', () => {
  it('shows the log-in page on / and the sign-up page on /signup to a visitor, naming the page for the app to hydrate', () => {
    const login = openPage('/', { prerendered: true });
    expect(login).toHaveAttribute('data-prerendered', '/');
    expect(login.querySelector('input[name="username"]')).not.toBeNull();
    const signup = openPage('/signup', { prerendered: true });
    expect(signup).toHaveAttribute('data-prerendered', '/signup');
    expect(signup).toHaveTextContent('Create a new account');
  });

  it('shows neither elsewhere: the app decides what a visitor sees there', () => {
    const root = openPage('/home', { prerendered: true });
    expect(root).toBeEmptyDOMElement();
    expect(root).not.toHaveAttribute('data-prerendered');
  });

  it('holds the presses until the app has taken the page over, then acts on each, in order', async () => {
    const root = openPage('/', { prerendered: true });
    const form = root.querySelector('form')!;
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submitted);
    const link = root.querySelector('a')!;
    const followed = vi.fn((event: Event) => event.preventDefault());
    link.addEventListener('click', followed);

    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(press);
    expect(press.defaultPrevented).toBe(true); // the browser does not follow it
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true); // nor sends the form

    const order: string[] = [];
    link.addEventListener('click', () => order.push('link'));
    form.addEventListener('submit', () => order.push('form'));
    document.dispatchEvent(new Event(PRERENDERED_PAGE_TAKEN_OVER));
    expect(root).not.toHaveAttribute('data-prerendered');
    await vi.waitFor(() => expect(submitted).toHaveBeenCalledTimes(2));
    // Both presses, as the person made them: the link, then the form.
    expect(followed).toHaveBeenCalledTimes(2);
    expect(order).toEqual(['link', 'form']);

    // Once taken over, presses go through at once.
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(followed).toHaveBeenCalledTimes(3);
  });
});
