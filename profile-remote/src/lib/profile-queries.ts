import { queryKeys } from '@chirp/queries';
import { compactApi, queryClient, useQuery } from '@chirp/session';

/** A person's profile by username: their details and counts (posts, followers, following). */
export function useProfile(username: string) {
  return useQuery(
    {
      queryKey: queryKeys.profile(username),
      queryFn: async () => (await compactApi.profile(username)).user,
    },
    queryClient,
  );
}
