import { paths } from '@chirp/contracts';
import type { PostListProps, SearchPageProps } from '@chirp/seams';
import { usePeoplePages, usePostPages } from '@chirp/queries';
import { RetryAlert, SearchIcon, shortcutTarget, Spinner, Tabs } from '@chirp/ui';
import { type ComponentType, type FormEvent, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePeople } from '../../components/people-pages';
import { PersonRow } from '../../components/people/person-row';
import '@chirp/ui/styles.css';
import '../../components/side-panel.css';
import './search-page.css';

/** The back end's limit on a search (api-rules' LIMITS.maxSearchText). */
const MAX_SEARCH_LENGTH = 100;

/** The tabs of the results, in order, as the address names them (`&tab=`). */
const TABS = ['people', 'posts'] as const;
type SearchTab = (typeof TABS)[number];

/**
 * /search?q=: the people and the posts that match, in two tabs. It opens on the tab the
 * address names (the person's last pick for this search), else where the results are: see
 * `useOpeningTab`.
 */
export default function SearchPage({ PostList }: SearchPageProps) {
  const params = new URLSearchParams(useLocation().search);
  const text = (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  const chosen = TABS.find((tab) => tab === params.get('tab'));
  const headingId = useId();
  return (
    <section className="search-page" aria-labelledby={headingId}>
      <h1 id={headingId} className="search-page__title">
        {text ? `Search results for “${text}”` : 'Search'}
      </h1>
      {/* Each starts anew for another text; the keys differ, as siblings' must. */}
      <SearchForm key={`form:${text}`} initial={text} />
      {text ? (
        <SearchResults key={`results:${text}`} text={text} chosen={chosen} PostList={PostList} />
      ) : (
        <p className="search-page__hint">Search for people by name, or for posts by a word or a #tag.</p>
      )}
    </section>
  );
}

function SearchResults({ text, chosen, PostList }: { text: string; chosen?: SearchTab; PostList: ComponentType<PostListProps> }) {
  const navigate = useNavigate();
  const opening = useOpeningTab(text, chosen);
  // Until it is known, People is open (searching); when Posts turns out to be it, the tabs open again on it (a new key).
  const tab = opening ?? 'people';
  // Replaced, not pushed: Back leaves the search rather than stepping through its tabs.
  const choose = (index: number) => navigate(`${paths.searchFor(text)}&tab=${TABS[index]}`, { replace: true });
  return (
    <Tabs
      key={tab}
      label="Search results"
      initial={TABS.indexOf(tab)}
      onSelect={choose}
      tabs={[
        { label: 'People', render: () => <PeopleResults text={text} stillSearching={opening === null} /> },
        {
          label: 'Posts',
          render: () => <PostList source={{ kind: 'search', text }} emptyText={`No posts match “${text}”.`} label={`Posts matching ${text}`} />,
        },
      ]}
    />
  );
}

/**
 * The tab a search opens on: the one the address names; a `#tag` on its posts; else the people if
 * anyone matches, else the posts if any match, else the people ("No such user is there..."). Null
 * while that is not known yet. It reads the first pages the tabs show, through the same cache, so
 * the tab opened asks for nothing again.
 */
function useOpeningTab(text: string, chosen?: SearchTab): SearchTab | null {
  const fixed = chosen ?? (text.startsWith('#') ? 'posts' : undefined);
  const people = usePeoplePages({ kind: 'search', text }, { enabled: !fixed });
  const nobody = people.data?.pages[0]?.users.length === 0;
  const posts = usePostPages({ kind: 'search', text }, { enabled: !fixed && nobody });
  if (fixed) return fixed;
  // A failed search opens where its Retry is.
  if (people.isError) return 'people';
  if (!people.data) return null;
  if (!nobody) return 'people';
  if (posts.isError) return 'people';
  if (!posts.data) return null;
  return posts.data.pages[0]?.posts.length ? 'posts' : 'people';
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
        {...shortcutTarget('search')}
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

/** `stillSearching`: nobody matches, and whether posts do is on its way (they may open instead). */
function PeopleResults({ text, stillSearching }: { text: string; stillSearching: boolean }) {
  const { people, error, retry, footer } = usePeople({ kind: 'search', text });
  if (error) return <RetryAlert message={error} onRetry={retry} />;
  if (!people || (people.length === 0 && stillSearching)) return <Spinner label="Searching people" />;
  if (people.length === 0) return <p className="search-page__empty">No such user is there...</p>;
  return (
    <>
      <ul className="people-list" aria-label={`People matching ${text}`}>
        {people.map((person) => (
          <PersonRow key={person._id} person={person} />
        ))}
      </ul>
      {footer}
    </>
  );
}
