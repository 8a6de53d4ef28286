import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { retryOnce } from './query-client';

describe('asking again', () => {
  it('retries a failed network or a 5xx once, and never a refusal', () => {
    expect(retryOnce(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryOnce(0, new ApiError(503, 'Unavailable'))).toBe(true);
    expect(retryOnce(1, new ApiError(503, 'Unavailable'))).toBe(false);
    expect(retryOnce(0, new ApiError(404, 'Not found'))).toBe(false);
  });
});
