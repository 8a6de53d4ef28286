import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from './query-client';
import { onRecoveryChance, watchRecoveryChances } from './recovery';

/** A query a screen shows (an observer watches it), answered by `answer`, with no retry of its own. */
function shownQuery(key: string, answer: () => Promise<string>) {
  const observer = new QueryObserver(queryClient, { queryKey: [key], queryFn: answer, retry: false });
  const stop = observer.subscribe(() => undefined);
  return { observer, stop };
}

let stopWatching: () => void;
beforeEach(() => {
  queryClient.clear();
  stopWatching = watchRecoveryChances();
});
afterEach(() => {
  stopWatching();
  queryClient.clear();
});

describe('recovery', () => {
  it.each([
    ['the browser comes back online', () => window.dispatchEvent(new Event('online'))],
    ['the tab regains focus', () => window.dispatchEvent(new Event('focus'))],
  ])('loads a failed area again when %s, and leaves the areas that loaded alone', async (_when, signal) => {
    const failing = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('down')).mockResolvedValue('back');
    const fine = vi.fn(async () => 'fine');
    const failed = shownQuery('failing', failing);
    const loaded = shownQuery('fine', fine);
    await vi.waitFor(() => expect(failed.observer.getCurrentResult().status).toBe('error'));
    await vi.waitFor(() => expect(loaded.observer.getCurrentResult().status).toBe('success'));

    signal();

    await vi.waitFor(() => expect(failed.observer.getCurrentResult().data).toBe('back'));
    expect(failing).toHaveBeenCalledTimes(2);
    expect(fine).toHaveBeenCalledTimes(1);
    failed.stop();
    loaded.stop();
  });

  it('asks nothing for a failed query no screen shows any more', async () => {
    const failing = vi.fn<() => Promise<string>>().mockRejectedValue(new Error('down'));
    const failed = shownQuery('gone', failing);
    await vi.waitFor(() => expect(failed.observer.getCurrentResult().status).toBe('error'));
    failed.stop();
    window.dispatchEvent(new Event('online'));
    await Promise.resolve();
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('tells what fails outside the cache (a remote’s code) to try again, until it stops listening', () => {
    const retry = vi.fn();
    const stop = onRecoveryChance(retry);
    window.dispatchEvent(new Event('online'));
    expect(retry).toHaveBeenCalledTimes(1);
    stop();
    window.dispatchEvent(new Event('focus'));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
