import { errorMessage, type PeopleSource, type PersonCard, usePeoplePages } from '@chirp/shared';
import { type ReactElement, useMemo } from 'react';
import { Loader } from './loader';

export interface PeoplePagesState {
  /** The people of every page loaded so far (null until the first page is here). */
  people: PersonCard[] | null;
  /** Why the first page could not load. */
  error: string;
  retry: () => void;
  /** What below the list offers: more people, a loader, or why the next page failed. */
  footer: ReactElement | null;
}

/** A list of people from the query cache, one page at a time, with its "Show more" below it. */
export function usePeople(source: PeopleSource, { enabled = true } = {}): PeoplePagesState {
  const query = usePeoplePages(source, { enabled });
  const { data } = query;
  const people = useMemo(() => {
    if (!data) return null;
    const seen = new Set<string>();
    return data.pages.flatMap((page) => page.users).filter((person) => !seen.has(person._id) && seen.add(person._id));
  }, [data]);
  const more = () => void query.fetchNextPage({ cancelRefetch: false });
  let footer: ReactElement | null = null;
  if (query.isFetchNextPageError) {
    footer = (
      <div className="people-more" role="alert">
        <p>{errorMessage(query.error)}</p>
        <button type="button" className="button" onClick={more}>
          Retry
        </button>
      </div>
    );
  } else if (query.isFetchingNextPage) {
    footer = <Loader label="Loading more people" />;
  } else if (query.hasNextPage) {
    footer = (
      <div className="people-more">
        <button type="button" className="button" onClick={more}>
          Show more
        </button>
      </div>
    );
  }
  return {
    people,
    error: query.isError && !data ? errorMessage(query.error) : '',
    retry: () => void query.refetch(),
    footer,
  };
}

/** Why a list of people could not load, and Retry. */
export function PeopleError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="people-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
