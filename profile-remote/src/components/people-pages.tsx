import { type PersonCard } from '@chirp/contracts';
import { errorMessage } from '@chirp/session';
import { loadedItems, type PeopleSource, usePeoplePages } from '@chirp/queries';
import { Spinner } from '@chirp/ui';
import { type ReactElement, useEffect, useMemo } from 'react';
import './people/people.css';

export interface PeoplePagesState {
  /** The people of every page loaded so far (null until the first page is here). */
  people: PersonCard[] | null;
  /** Why the first page could not load. */
  error: string;
  retry: () => void;
  /** Whether there is a next page to ask for (not on its way, and not failed: its Retry asks then). */
  canLoadMore: boolean;
  loadMore: () => void;
  /** What below the list offers: more people, a loader, or why the next page failed. */
  footer: ReactElement | null;
}

/** A list of people from the query cache, one page at a time, with its "Show more" below it. */
export function usePeople(source: PeopleSource, { enabled = true } = {}): PeoplePagesState {
  const query = usePeoplePages(source, { enabled });
  const { data } = query;
  const people = useMemo(() => (data ? loadedItems(data.pages.map((page) => page.users)) : null), [data]);
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
    footer = <Spinner label="Loading more people" />;
  } else if (query.hasNextPage) {
    footer = (
      <div className="people-more">
        <button type="button" className="button" onClick={more}>
          Show more
        </button>
      </div>
    );
  }
  const canLoadMore = query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError;
  return {
    people,
    error: query.isError && !data ? errorMessage(query.error) : '',
    retry: () => void query.refetch(),
    canLoadMore,
    loadMore: more,
    footer,
  };
}

/**
 * Asks for the next page while a list shows nobody of the people loaded (`shown` is what is left
 * after its own filter: suggestions all followed since, a search that found only me) and the back
 * end has more: such a list is not "nobody", it needs the next page.
 */
export function useFillWhenEmpty({ people, canLoadMore, loadMore }: PeoplePagesState, shown: number): void {
  const needed = people !== null && shown === 0 && canLoadMore;
  useEffect(() => {
    if (needed) loadMore();
    // `loadMore` is a new function each render; what decides is `needed`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needed]);
}

