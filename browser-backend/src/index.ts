/**
 * The in-browser back end: the API answered inside the page, over IndexedDB. The shell loads this
 * package with a lazy `import()` only when no API server is configured, so a real deployment never
 * downloads it.
 */
export { API_HANDLERS, bindRoutes, startMirage, resetDemoData, runningBackend, type MirageOptions } from './server';
export { memoryStore } from './persistence';
export { mockDelayFromEnvironment } from './delay';
