import { QueryClient } from '@tanstack/react-query';

/** A refusal (4xx) will not change by asking again; a failed network or a 5xx may, once. */
export function retryOnce(failures: number, error: unknown): boolean {
  const status = error instanceof Error && 'status' in error ? Number(error.status) : undefined;
  return failures < 1 && !(status !== undefined && status < 500);
}

/**
 * The ONE query cache of the page: the server's data as the screens last saw it. It lives in
 * `@chirp/session`, which federation shares as a singleton, so the shell and every remote read and
 * update the same entries (a like on /home shows on the profile at once, without a reload).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A screen shows what it has and asks again only when it is opened after half a minute.
      staleTime: 30_000,
      gcTime: 5 * 60_000,
      // A person who comes back to the tab sees the list they left: new posts arrive when they ask.
      refetchOnWindowFocus: false,
      retry: retryOnce,
    },
  },
});
