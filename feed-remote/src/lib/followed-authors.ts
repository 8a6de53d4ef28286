import { queryKeys } from '@chirp/queries';
import { compactApi, queryClient, useSession } from '@chirp/session';
import { useEffect, useMemo, useRef, useState } from 'react';

/** A profile read here is the profile page's entry of the cache: a follow made since updates it. */
const PROFILE_FRESH_MS = 60_000;

function followedByMe(username: string): Promise<boolean> {
  return queryClient
    .fetchQuery({ queryKey: queryKeys.profile(username), queryFn: async () => (await compactApi.profile(username)).user, staleTime: PROFILE_FRESH_MS })
    .then((profile) => profile.followedByMe);
}

/**
 * Which of `authors` the signed-in person follows, or is: a live post event names only its author,
 * so the Following list asks each new author's profile once (from the cache when it is there) before
 * counting their post as news. An author not known yet is not counted.
 */
export function useFollowedAuthors(authors: readonly string[], enabled: boolean): ReadonlySet<string> {
  const me = useSession((state) => state.username);
  const [known, setKnown] = useState<ReadonlyMap<string, boolean>>(new Map());
  const asked = useRef(new Set<string>());
  const wanted = useMemo(() => [...new Set(authors)].sort().join('\n'), [authors]);
  useEffect(() => {
    if (!enabled) return;
    let mounted = true;
    for (const author of wanted.split('\n')) {
      if (!author || author === me || asked.current.has(author)) continue;
      asked.current.add(author);
      // An answer that comes after the list has gone is asked for again next time.
      followedByMe(author).then(
        (followed) => (mounted ? setKnown((previous) => new Map(previous).set(author, followed)) : asked.current.delete(author)),
        () => asked.current.delete(author),
      );
    }
    return () => {
      mounted = false;
    };
  }, [wanted, enabled, me]);
  return useMemo(() => new Set([...[...known].filter(([, followed]) => followed).map(([author]) => author), ...(me ? [me] : [])]), [known, me]);
}
