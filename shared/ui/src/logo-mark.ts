/**
 * Chirp's mark: a round songbird facing right, drawn from simple shapes (a circle body, a circle
 * head with its eye cut out, a triangle beak, a cocked triangle tail) so it still reads at 16 px.
 * The one drawing of it: LogoIcon shows it in the page, and the shell's build renders the favicon
 * and the app icons from it (shell/build/app-icons.ts).
 */

/** The drawing's square: 24 units a side, as the other icons. */
export const LOGO_SIZE = 24;

/** A whole circle as path data (two half arcs). */
const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;

/**
 * Each shape is filled on its own with the even-odd rule (so the eye is a hole in the head) and
 * the shapes overlap into one silhouette: draw every one with `fill-rule="evenodd"`.
 */
export const LOGO_SHAPES: readonly string[] = [
  circle(15.5, 8, 4.5) + circle(16.7, 7.3, 1.35), // the head, its eye cut out
  circle(10, 13.5, 7), // the body
  'M19 6.3 23.2 8.5 19 10.7z', // the beak
  'M5 10.9 0.6 7.9 3.6 15.7z', // the tail
];

/** What the mark is called wherever it stands for the app. */
export const LOGO_NAME = 'Chirp';
