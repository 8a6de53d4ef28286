/**
 * Failed log-ins per account: after `max` failures within `windowMs`, that account's log-ins are
 * refused (429, Retry-After) until the oldest failure leaves the window, whatever address they come
 * from — the per-address limit alone lets a botnet guess one account's password. A success clears
 * the count. The count lives in this instance (a shared store can implement the same interface).
 */
export interface FailureCounter {
  /** Milliseconds until `key` may try again; 0 when it may now. */
  blockedFor(key: string, now?: number): number;
  failed(key: string, now?: number): void;
  succeeded(key: string): void;
}

export function memoryFailureCounter({ max, windowMs }: { max: number; windowMs: number }): FailureCounter {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) => {
    const kept = (failures.get(key) ?? []).filter((at) => now - at < windowMs);
    if (kept.length) failures.set(key, kept);
    else failures.delete(key);
    return kept;
  };
  return {
    blockedFor(key, now = Date.now()) {
      const kept = recent(key, now);
      return kept.length >= max ? kept[kept.length - max]! + windowMs - now : 0;
    },
    failed(key, now = Date.now()) {
      failures.set(key, [...recent(key, now), now]);
    },
    succeeded(key) {
      failures.delete(key);
    },
  };
}
