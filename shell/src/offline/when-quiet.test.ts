import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_WAIT_MS, QUIET_FOR_MS, whenQuiet } from './when-quiet';

/** The main thread is idle whenever the test lets time pass. */
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 1));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const setUp = (busy: () => boolean) => {
  const run = vi.fn();
  whenQuiet(run, busy, () => Date.now());
  return run;
};

describe('whenQuiet', () => {
  it('waits while a screen is coming, then for the page to stay quiet', () => {
    let busy = true;
    const run = setUp(() => busy);
    vi.advanceTimersByTime(5_000);
    expect(run).not.toHaveBeenCalled();
    busy = false;
    vi.advanceTimersByTime(QUIET_FOR_MS - 200);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('starts the quiet period again after a busy moment (a click that opens another screen)', () => {
    let busy = false;
    const run = setUp(() => busy);
    vi.advanceTimersByTime(QUIET_FOR_MS - 500);
    busy = true;
    vi.advanceTimersByTime(300);
    busy = false;
    vi.advanceTimersByTime(QUIET_FOR_MS - 200);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at the latest MAX_WAIT_MS after load on a page that never settles, and once only', () => {
    const run = setUp(() => true);
    vi.advanceTimersByTime(MAX_WAIT_MS - 100);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(MAX_WAIT_MS * 2);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('starts counting only once the page has loaded', () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const run = setUp(() => false);
    vi.advanceTimersByTime(MAX_WAIT_MS * 2);
    expect(run).not.toHaveBeenCalled();
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(QUIET_FOR_MS + 300);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
