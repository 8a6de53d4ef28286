import type { Plugin } from 'vite';
import { LOGO_SHAPES, LOGO_SIZE } from '../../shared/ui/src/logo-mark.ts';
import { PRERENDERED_PAGE_TAKEN_OVER } from '../src/remotes/prerendered-page.ts';

/** The signed-in layout's sections, as its navigation lists them (shell/src/layout/app-layout.tsx). */
const SECTIONS = ['Home', 'Explore', 'Bookmarks', 'Liked Post', 'Notifications'];
/** Posts of the seeded feed run from about 150 to 190 px high: placeholders of that size. */
const POST_PLACEHOLDERS = 4;

const logo = () =>
  `<svg viewBox="0 0 ${LOGO_SIZE} ${LOGO_SIZE}" width="24" height="24" fill="currentColor">` +
  LOGO_SHAPES.map((shape) => `<path fill-rule="evenodd" d="${shape}"/>`).join('') +
  '</svg>';

/** The main column while its page loads: a heading, a composer, tabs and posts, each of its size. */
export function mainPlaceholders(): string {
  const posts = Array.from({ length: POST_PLACEHOLDERS }, () => '<div class="card app-frame__post"></div>').join('');
  return `<div class="app-frame__main"><div class="app-frame__heading"></div><div class="card app-frame__composer"></div><div class="card app-frame__tabs"></div>${posts}</div>`;
}

/**
 * The signed-in layout as plain HTML, with the layout's own class names, so the shell's stylesheet
 * (in the page's head) gives it the real layout's geometry: the navigation, the three columns,
 * placeholders where the posts and the side panel come. Hidden from assistive technology: it is
 * a picture of what is coming, nothing in it works yet.
 */
export function appFrameHtml(): string {
  const links = SECTIONS.map(
    (label) => `<li><span class="nav-link"><span class="app-frame__icon"></span><span class="nav-link__label">${label}</span></span></li>`,
  ).join('');
  return (
    '<div class="app-layout app-frame" aria-hidden="true">' +
    `<div class="sidebar"><div class="sidebar__nav"><span class="brand">${logo()}<span class="brand__name">Chirp</span></span>` +
    `<ul class="nav-links">${links}</ul><span class="button button--primary sidebar__post"><span>Post</span></span></div></div>` +
    `<div class="phone-top-bar"><span class="brand">${logo()}</span><span class="app-frame__search"></span></div>` +
    `<div class="app-main">${mainPlaceholders()}</div>` +
    '<div class="app-aside"><div class="card app-frame__search"></div><div class="card app-frame__panel"></div></div>' +
    '<div class="bottom-nav"></div>' +
    '</div>'
  );
}

/**
 * Decides before the first paint what the page shows:
 * - a stored session (the token, STORAGE_KEYS.token of @chirp/contracts): the signed-in layout's
 *   frame, on every address (the app sends a signed-in person on from the log-in and sign-up pages);
 *   the app's first render replaces it (shell/src/layout/app-frame.tsx keeps it while the stored
 *   session is checked);
 * - a visitor on / or /signup: that page, rendered at build time (./prerender/plugin.ts puts the
 *   log-in page in the root and the sign-up page in a template); `data-prerendered` on the root names
 *   the page, which the app then hydrates;
 * - elsewhere, nothing until the app runs.
 * Until the app has taken a prerendered page over (it says so with the event named by
 * PRERENDERED_PAGE_TAKEN_OVER in shell/src/remotes/prerendered-page.ts), a press on its links,
 * buttons or form is held, not acted on by the browser (a form would put the password in the
 * address), and acted on by the app once it has taken over: each press held, in order, each after
 * the app has answered the one before (Login as Guest, then Log in: the form filled, then sent). A
 * press on what is gone by then (the page left) is dropped.
 */
export const DECIDE = `(function () {
  var root = document.getElementById('root');
  var signedIn = false;
  try {
    signedIn = Boolean(localStorage.getItem('token'));
  } catch (error) {
    // no storage: a visitor
  }
  var show = function (id, page) {
    var template = document.getElementById(id);
    root.innerHTML = template ? template.innerHTML : '';
    if (template && page) root.setAttribute('data-prerendered', page);
    else root.removeAttribute('data-prerendered');
  };
  var path = location.pathname;
  if (signedIn) show('app-frame');
  else if (path === '/signup') show('prerendered-signup', path);
  else if (path !== '/') show('');
  if (!root.hasAttribute('data-prerendered')) return;

  var held = [];
  var hold = function (event) {
    if (!root.hasAttribute('data-prerendered') || !(event.target instanceof Element) || !root.contains(event.target)) return;
    var pressed = event.type === 'submit' ? event.target : event.target.closest('a[href], button');
    if (!pressed) return;
    event.preventDefault();
    held.push(event.type === 'submit' ? { form: pressed, submitter: event.submitter } : { element: pressed });
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  // Each in a task of its own, after the app's render for the one before has finished, so that its
  // handlers answer as to the person's presses.
  var replay = function (presses) {
    var press = presses.shift();
    if (!press) return;
    setTimeout(function () {
      if (press.form && press.form.isConnected) press.form.requestSubmit(press.submitter && press.submitter.isConnected ? press.submitter : undefined);
      else if (press.element && press.element.isConnected) press.element.click();
      replay(presses);
    });
  };
  document.addEventListener('${PRERENDERED_PAGE_TAKEN_OVER}', function () {
    root.removeAttribute('data-prerendered');
    var presses = held;
    held = [];
    replay(presses);
  });
})();`;

/**
 * Puts the signed-in layout's frame in the shell's index.html, in a template, and the script that
 * shows it: a returning person sees /home's frame at once, not a blank page until the JavaScript
 * has come.
 */
export function appFrame(): Plugin {
  return {
    name: 'chirp-app-frame',
    transformIndexHtml(html) {
      return html.replace(
        '<div id="root"></div>',
        `<div id="root"></div>\n    <template id="app-frame">${appFrameHtml()}</template>\n    <script>${DECIDE}</script>`,
      );
    },
  };
}
