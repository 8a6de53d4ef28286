import { paths } from '@chirp/contracts';
import type { SearchPageProps } from '@chirp/seams';
import { RetryAlert, SearchIcon, Spinner } from '@chirp/ui';
import { type FormEvent, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePeople } from '../../components/people-pages';
import { PersonLink } from '../people/person-link';
import { ProfileTabs } from '../profile/profile-tabs';
import '@chirp/ui/styles.css';
import '../side-panel/side-panel.css';
import './search-page.css';

/** The back end's limit on a search (api-rules' LIMITS.maxSearchText). */
const MAX_SEARCH_LENGTH = 100;

/**
 * /search?q= (issue 14): the people and the posts that match, in two tabs. A `#tag` opens on the
 * posts; anything else on the people, as the search box always found them.
 */
export default function SearchPage({ PostList }: SearchPageProps) {
  const text = (new URLSearchParams(useLocation().search).get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  const headingId = useId();
  return (
    <section className="search-page" aria-labelledby={headingId}>
      <h1 id={headingId} className="search-page__title">
        {text ? `Search results for “${text}”` : 'Search'}
      </h1>
      <SearchForm key={text} initial={text} />
      {text ? (
        <ProfileTabs
          key={text}
          label="Search results"
          initial={text.startsWith('#') ? 1 : 0}
          tabs={[
            { label: 'People', render: () => <PeopleResults text={text} /> },
            {
              label: 'Posts',
              render: () => <PostList source={{ kind: 'search', text }} emptyText={`No posts match “${text}”.`} label={`Posts matching ${text}`} />,
            },
          ]}
        />
      ) : (
        <p className="search-page__hint">Search for people by name, or for posts by a word or a #tag.</p>
      )}
    </section>
  );
}

function SearchForm({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (text) navigate(paths.searchFor(text));
  };
  return (
    <form role="search" className="search-page__form side-search" onSubmit={submit}>
      <SearchIcon size={18} />
      <input
        type="search"
        className="side-search__input"
        aria-label="Search people and posts"
        placeholder="Search people and posts"
        maxLength={MAX_SEARCH_LENGTH}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className="button button--primary search-page__submit">
        Search
      </button>
    </form>
  );
}

function PeopleResults({ text }: { text: string }) {
  const { people, error, retry, footer } = usePeople({ kind: 'search', text });
  if (error) return <RetryAlert message={error} onRetry={retry} />;
  if (!people) return <Spinner label="Searching people" />;
  if (people.length === 0) return <p className="search-page__empty">No such user is there...</p>;
  return (
    <>
      <ul className="people-list" aria-label={`People matching ${text}`}>
        {people.map((person) => (
          <li key={person._id} className="people-list__item">
            <PersonLink person={person} />
          </li>
        ))}
      </ul>
      {footer}
    </>
  );
}
