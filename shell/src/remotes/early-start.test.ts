import { afterEach, describe, expect, it } from 'vitest';
import { takeEarlyAnswer } from './early-start';

const page = globalThis as { __chirpStartup?: Record<string, Promise<unknown>> };
afterEach(() => delete page.__chirpStartup);

describe('an answer asked for by index.html', () => {
  it('is taken once: a Retry asks the network again', async () => {
    page.__chirpStartup = { remotes: Promise.resolve({ auth: 'http://localhost:4174/remoteEntry.js' }) };
    await expect(takeEarlyAnswer('remotes')).resolves.toEqual({ auth: 'http://localhost:4174/remoteEntry.js' });
    expect(takeEarlyAnswer('remotes')).toBeUndefined();
  });

  it('is absent without the early-start script (the dev server)', () => {
    expect(takeEarlyAnswer('config')).toBeUndefined();
  });
});
