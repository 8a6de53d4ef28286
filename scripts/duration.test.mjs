import { describe, expect, it } from 'vitest';
import { minutes } from './duration.mjs';

describe('a stage time as printed', () => {
  it('is whole minutes and seconds, the seconds rounded into the minute they reach', () => {
    expect(minutes(65.2)).toBe('1 min 05 s');
    expect(minutes(539.6)).toBe('9 min 00 s');
    expect(minutes(59.5)).toBe('1 min 00 s');
    expect(minutes(0)).toBe('0 min 00 s');
  });
});
