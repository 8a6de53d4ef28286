import { useSession } from '@chirp/shared';
import { useMemo } from 'react';
import { searchUsers } from '../people/people';
import { PersonLink } from '../people/person-link';

interface SearchResultsProps {
  query: string;
  id: string;
  /** Called when a result is followed to its profile. */
  onNavigate?: () => void;
}

/**
 * The people matching the search box. The status element stays on the page while the query
 * changes, so screen readers hear how many people match, or 'No such user is there...'.
 */
export function SearchResults({ query, id, onNavigate }: SearchResultsProps) {
  const users = useSession((state) => state.users);
  const username = useSession((state) => state.username);
  const matches = useMemo(() => searchUsers(users, query, username), [users, query, username]);
  const searching = query.trim() !== '';

  return (
    <div id={id} className={searching ? 'side-search__results side-search__results--open' : 'side-search__results'}>
      <div role="status" className="side-search__status">
        {searching && users.length > 0 && matches.length === 0 && (
          <p className="side-search__empty">No such user is there...</p>
        )}
        {searching && matches.length > 0 && (
          <span className="visually-hidden">
            {matches.length === 1 ? '1 person found' : `${matches.length} people found`}
          </span>
        )}
      </div>
      {searching && matches.length > 0 && (
        <ul className="people-list" aria-label="Search results">
          {matches.map((person) => (
            <li key={person._id} className="people-list__item">
              <PersonLink person={person} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
