/**
 * Stands in for Pretender in the shell's build. MirageJS imports it (and the polyfills it needs on
 * Node) for its default interceptor, but the in-browser back end gives Mirage its own, which answers
 * `fetch` (browser-backend/src/fetch-interceptor.ts): nothing here runs unless that changes, and
 * then it says so instead of failing somewhere inside Mirage.
 */
export default class WithoutPretender {
  constructor() {
    throw new Error('Pretender is left out of this build: give Mirage an interceptor (see FetchInterceptor).');
  }
}
