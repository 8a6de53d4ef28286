import { paths } from '@chirp/contracts';
import type { SidePanelProps } from '@chirp/seams';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { SearchBox } from './search-box';
import { SearchResults } from './search-results';
import { Suggestions } from './suggestions';
import '@chirp/ui/styles.css';
import '../../components/side-panel.css';

/** The 'Search friend' box and 'Suggestions for you' (spec 2, shared chrome). */
export default function SidePanel({ variant = 'column' }: Partial<SidePanelProps>) {
  // The search page has a search box of its own, holding its search: a second one would only confuse.
  const onSearchPage = useLocation().pathname === paths.search;
  if (variant === 'dropdown') return onSearchPage ? null : <SearchDropdown />;
  return <SideColumn withSearch={!onSearchPage} />;
}

function SideColumn({ withSearch }: { withSearch: boolean }) {
  const [query, setQuery] = useState('');
  const resultsId = useId();
  return (
    <div className="side-panel side-panel--column">
      {withSearch && (
        <div className="side-panel__search card">
          <SearchBox value={query} onChange={setQuery} controls={resultsId} onSearch={() => setQuery('')} />
          <SearchResults id={resultsId} query={query} onNavigate={() => setQuery('')} />
        </div>
      )}
      <div className="side-panel__suggestions card">
        <Suggestions />
      </div>
    </div>
  );
}

/**
 * Phone: only the search box shows in the top bar. Focusing it (or typing) opens a panel below the
 * bar with the search results, or the suggestions while the box is empty; Escape, a click outside
 * or leaving it with Tab closes it.
 */
function SearchDropdown() {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const resultsId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    // Also keeps Chromium from clearing the search box: Escape only closes the panel.
    event.preventDefault();
    setOpen(false);
    rootRef.current?.querySelector('input')?.focus();
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    // No next element means a click on something that cannot take focus: the pointer rule decides.
    if (next && !event.currentTarget.contains(next)) setOpen(false);
  };

  const close = () => setOpen(false);
  const leave = () => {
    setOpen(false);
    setQuery('');
  };

  return (
    <div ref={rootRef} className="side-panel side-panel--dropdown" onKeyDown={onKeyDown} onBlur={onBlur}>
      <SearchBox
        value={query}
        onChange={(value) => {
          setQuery(value);
          setOpen(true);
        }}
        controls={panelId}
        onActivate={() => setOpen(true)}
        onSearch={leave}
      />
      <div id={panelId} className="side-panel__dropdown" hidden={!open}>
        <div className="side-panel__dropdown-inner">
          <SearchResults id={resultsId} query={query} onNavigate={leave} />
          {open && query.trim() === '' && <Suggestions onNavigate={close} />}
        </div>
      </div>
    </div>
  );
}
