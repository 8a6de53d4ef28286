import { MOCK_RESPONSE_DELAY_MS } from '@chirp/contracts';

/** Above a minute a "delay" is a mistake, not a setting. */
const MAX_DELAY_MS = 60_000;

function readDelay(text: string | null | undefined): number | undefined {
  const trimmed = text?.trim();
  if (!trimmed || !/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= MAX_DELAY_MS ? value : undefined;
}

/**
 * The mock back end's response delay in ms: the URL parameter `?mockDelay=N` wins, then the build's
 * `VITE_MOCK_DELAY`, then the spec's 400. Values that are not whole numbers from 0 to 60000 are ignored.
 */
export function mockDelayFromEnvironment(search: string, envValue: string | undefined): number {
  return readDelay(new URLSearchParams(search).get('mockDelay')) ?? readDelay(envValue) ?? MOCK_RESPONSE_DELAY_MS;
}
