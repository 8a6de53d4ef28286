import type { NotificationPage } from '@chirp/contracts';
import { queryKeys } from '@chirp/queries';
import { compactApi, queryClient, useInfiniteQuery } from '@chirp/session';

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
