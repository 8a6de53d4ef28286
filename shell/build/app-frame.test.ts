import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@chirp/contracts';
import { appFrame, DECIDE } from './app-frame';

/** The page as the build writes it, its body in the document, at `path`. */
function openPage(path: string) {
  const plugin = appFrame();
  const transform = plugin.transformIndexHtml as (html: string) => string;
  const html = transform('<!doctype html><html><head></head><body><div id="root"></div></body></html>');
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

  it('is not painted for a visitor, nor on the log-in and sign-up pages', () => {
    expect(openPage('/home')).toBeEmptyDOMElement();
    localStorage.setItem(STORAGE_KEYS.token, 'a-token');
    expect(openPage('/')).toBeEmptyDOMElement();
    expect(openPage('/signup')).toBeEmptyDOMElement();
  });
});
