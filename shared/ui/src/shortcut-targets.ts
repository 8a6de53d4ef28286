/**
 * What the page's keyboard shortcuts act on. The shell listens for the keys; the remotes mark the
 * elements they render with `data-shortcut`, so the shell finds a post, its buttons and the search
 * field without knowing how any remote draws them.
 */
export type ShortcutTarget =
  /** A post (an <article>, focusable by script): `j`/`k` move between them. */
  | 'post'
  /** Inside a post: its Like (`l`), Bookmark (`b`) and Reply (`r`) buttons, and its own page's link (`Enter`). */
  | 'like'
  | 'bookmark'
  | 'reply'
  | 'open'
  /** The search field (`/`). */
  | 'search';

/** The attribute that marks an element as a shortcut's target: spread it on the element. */
export const shortcutTarget = (target: ShortcutTarget) => ({ 'data-shortcut': target });

/** The CSS selector of a shortcut's targets. */
export const shortcutSelector = (target: ShortcutTarget) => `[data-shortcut="${target}"]`;
