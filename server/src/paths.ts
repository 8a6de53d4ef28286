import { resolve } from 'node:path';

/**
 * The server package's folder: this module is in src/ when run from source (tsx), and bundled into
 * dist/main.js when built; both sit one level below it.
 */
export const SERVER_ROOT = resolve(import.meta.dirname, '..');
