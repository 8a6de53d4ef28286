import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

beforeAll(async () => {
  // Component tests see a failed call at once: the query client's one retry (retryOnce, tested on
  // its own) would only delay what they check. The server's tests (node) have no browser packages.
  if (typeof window === 'undefined') return;
  const { queryClient } = await import('@chirp/session');
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
});

afterEach(() => {
  cleanup();
  // Each test is a new tab. Absent in node-environment tests (the API server's, under server/).
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
});
