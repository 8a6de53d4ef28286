import { useSession } from '@chirp/session';
import { RetryAlert, Spinner } from '@chirp/ui';
import { useEffect, useMemo, useState } from 'react';
import { useFillWhenEmpty, usePeople } from '../../components/people-pages';
import { PersonLink } from '../../components/people/person-link';

/** Typing pauses this long before the search is sent: one call per word typed, not per key. */
export const SEARCH_DELAY_MS = 250;
/** The back end's limit on a search (api-rules' LIMITS.maxSearchText). */
const MAX_SEARCH_LENGTH = 100;

interface SearchResultsProps {
  query: string;
  id: string;
  /** Called when a result is followed to its profile. */
  onNavigate?: () => void;
}

/** `value`, once it has stayed the same for `delay` ms. */
function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The people matching the search box (spec 5: username, first or last name, any case), asked of
 * the back end a page at a time once typing pauses. The status element stays on the page while the
 * query changes, so screen readers hear how many people match, or 'No such user is there...'.
 */
export function SearchResults({ query, id, onNavigate }: SearchResultsProps) {
  const text = useSettled(query.trim(), SEARCH_DELAY_MS).slice(0, MAX_SEARCH_LENGTH);
  const myId = useSession((state) => state.currentUser?._id);
  const me = useSession((state) => state.username);
  const searching = query.trim() !== '';
  const list = usePeople({ kind: 'search', text }, { enabled: searching && text !== '' });
  const { people, error, retry, footer } = list;
  // The search finds everyone; the box is for finding others.
  const matches = useMemo(() => people?.filter((person) => person._id !== myId && person.username !== me) ?? null, [people, myId, me]);
  // A page that held only me says nothing yet: the next one may hold the others.
  useFillWhenEmpty(list, matches?.length ?? 0);
  const answered = searching && text !== '' && matches !== null;

  return (
    <div id={id} className={searching ? 'side-search__results side-search__results--open' : 'side-search__results'}>
      <div role="status" className="side-search__status">
        {answered && matches.length === 0 && !footer && <p className="side-search__empty">No such user is there...</p>}
        {answered && matches.length > 0 && (
          <span className="visually-hidden">
            {matches.length === 1 ? '1 person found' : `${matches.length} people found`}
          </span>
        )}
      </div>
      {searching && error && <RetryAlert message={error} onRetry={retry} />}
      {searching && !error && !answered && <Spinner label="Searching" />}
      {answered && matches.length > 0 && (
        <ul className="people-list" aria-label="Search results">
          {matches.map((person) => (
            <li key={person._id} className="people-list__item">
              <PersonLink person={person} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      )}
      {answered && footer}
    </div>
  );
}
