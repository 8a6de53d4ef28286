import { compactApi, queryClient, useQuery, useSession } from '@chirp/session';
import { queryKeys } from './keys';

/** How often a signed-in page asks how many notifications are unread while live updates do not flow. */
export const UNREAD_POLL_MS = 60_000;

/**
 * The number of unread notifications (lines): live updates set it as it changes; without
 * them it is asked again every minute. Asked again when the tab comes back, either way.
 */
export function useUnreadNotifications({ enabled = true } = {}) {
  const live = useSession((state) => state.liveConnected);
  return useQuery(
    {
      queryKey: queryKeys.unreadNotifications,
      queryFn: async () => (await compactApi.unreadNotifications()).unread,
      enabled,
      staleTime: 15_000,
      refetchInterval: live ? false : UNREAD_POLL_MS,
      refetchOnWindowFocus: true,
    },
    queryClient,
  );
}
