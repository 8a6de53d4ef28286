import { useQuery } from '@tanstack/react-query';
import { compactApi } from '../api/api-client';
import { queryKeys } from './keys';
import { queryClient } from './query-client';

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
