import type { Plugin } from 'vite';
import { LOGO_SHAPES, LOGO_SIZE } from '../../shared/ui/src/logo-mark.ts';

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
 * Decides before the first paint whether the page shows the signed-in frame: a session is stored
 * (the token, STORAGE_KEYS.token of @chirp/contracts) and the address is not the log-in or sign-up
 * page. The app's first render replaces it (shell/src/layout/app-frame.tsx keeps it while the stored
 * session is checked).
 */
export const DECIDE = `(function () {
  try {
    if (!localStorage.getItem('token') || location.pathname === '/' || location.pathname === '/signup') return;
    document.getElementById('root').innerHTML = document.getElementById('app-frame').innerHTML;
  } catch (error) {
    // no storage: the app decides once it runs
  }
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
