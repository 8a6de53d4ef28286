/**
 * The in-browser back end: the API answered inside the page, over IndexedDB. The shell loads this
 * package with a lazy `import()` only when no API server is configured, so a real deployment never
 * downloads it.
 */
export { startMirage, resetDemoData, runningBackend, type MirageOptions } from './server';
export { mockDelayFromEnvironment } from './delay';
