/** What the early-start script inlined in index.html (shell/build/early-start.js) asked for. */
interface EarlyStart {
  config?: Promise<unknown>;
  remotes?: Promise<unknown>;
}

/**
 * The answer the early-start script already asked for, taken once (a Retry asks again), or
 * undefined when there is none (the dev server, a test).
 */
export function takeEarlyAnswer(key: keyof EarlyStart): Promise<unknown> | undefined {
  const early = (globalThis as { __chirpStartup?: EarlyStart }).__chirpStartup;
  const answer = early?.[key];
  if (early) delete early[key];
  return answer;
}
