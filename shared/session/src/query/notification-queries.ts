import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { NotificationPage } from '@chirp/contracts';
import { compactApi } from '../api/api-client';
import { queryKeys } from './keys';
import { queryClient } from './query-client';
import { useSession } from '../store/session-store';

/** How often a signed-in page asks how many notifications are unread while live updates do not flow. */
export const UNREAD_POLL_MS = 60_000;

/**
 * The number of unread notifications (lines): live updates set it as it changes (no polling while they flow); without
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

/** The notifications, newest first, one page at a time. */
export function useNotificationPages() {
  return useInfiniteQuery(
    {
      queryKey: queryKeys.notificationPages,
      queryFn: ({ pageParam }): Promise<NotificationPage> => compactApi.notifications({ cursor: pageParam }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page: NotificationPage) => page.nextCursor ?? undefined,
      // Each visit to the page shows what is new.
      staleTime: 0,
    },
    queryClient,
  );
}

/** Marks every notification read on the back end; the badge goes at once. */
export async function markNotificationsRead(): Promise<void> {
  const { unread } = await compactApi.readNotifications();
  queryClient.setQueryData(queryKeys.unreadNotifications, unread);
}
