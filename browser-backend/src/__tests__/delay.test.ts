// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { mockDelayFromEnvironment } from '../delay';

describe('mockDelayFromEnvironment', () => {
  it('defaults to the 400 ms of the spec', () => {
    expect(mockDelayFromEnvironment('', undefined)).toBe(400);
    expect(mockDelayFromEnvironment('?other=1', '')).toBe(400);
  });

  it('takes the environment value, and the URL parameter over it', () => {
    expect(mockDelayFromEnvironment('', '120')).toBe(120);
    expect(mockDelayFromEnvironment('?mockDelay=0', '120')).toBe(0);
    expect(mockDelayFromEnvironment('mockDelay=25', undefined)).toBe(25);
    expect(mockDelayFromEnvironment('?a=b&mockDelay=%2050%20', undefined)).toBe(50);
  });

  it.each(['-1', 'abc', '1.5', '1e3', '60001', ''])('ignores the value %j', (value) => {
    expect(mockDelayFromEnvironment(`?mockDelay=${value}`, '75')).toBe(75);
    expect(mockDelayFromEnvironment('', value)).toBe(400);
  });

  it('accepts up to a minute', () => {
    expect(mockDelayFromEnvironment('?mockDelay=60000', undefined)).toBe(60000);
  });
});
