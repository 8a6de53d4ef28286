/**
 * The log-in and sign-up pages come painted in the HTML (build/prerender/plugin.ts), and the page's
 * first script (build/app-frame.ts) holds what the person presses on them until the app has taken
 * them over. The app says so with this event, once the page's remote has rendered into that HTML;
 * the script then lets presses through and acts on the one it held.
 */
export const PRERENDERED_PAGE_TAKEN_OVER = 'chirp:prerendered-page-taken-over';

export function prerenderedPageTakenOver(): void {
  document.dispatchEvent(new Event(PRERENDERED_PAGE_TAKEN_OVER));
}
