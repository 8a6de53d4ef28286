import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// findBy… and waitFor wait up to 5 s for what they look for (not the default 1 s): `npm test` runs the
// unit tests beside the E2E tests, and a busy two-core machine can take longer than a second to render.
configure({ asyncUtilTimeout: 5_000 });

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
