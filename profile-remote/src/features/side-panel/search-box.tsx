import { paths } from '@chirp/contracts';
import { SearchIcon, shortcutTarget } from '@chirp/ui';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** The id of what the box controls (its results). */
  controls: string;
  /** Called when the box is focused or clicked (the phone dropdown opens then). */
  onActivate?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** Called when Enter opened the search page (the box then clears, its results close). */
  onSearch?: () => void;
}

/**
 * The 'Search friend' box: a search landmark holding one labelled searchbox. People show below it as
 * one types; Enter opens the search page, with the posts that match too.
 */
export function SearchBox({ value, onChange, controls, onActivate, onKeyDown, onSearch }: SearchBoxProps) {
  const navigate = useNavigate();
  return (
    <form
      role="search"
      className="side-search"
      onSubmit={(event) => {
        event.preventDefault();
        if (!value.trim()) return;
        navigate(paths.searchFor(value.trim()));
        onSearch?.();
      }}
    >
      <SearchIcon size={18} />
      <input
        type="search"
        className="side-search__input"
        {...shortcutTarget('search')}
        aria-label="Search friend"
        placeholder="Search friend"
        autoComplete="off"
        spellCheck={false}
        aria-controls={controls}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onFocus={onActivate}
        onClick={onActivate}
        onKeyDown={onKeyDown}
      />
    </form>
  );
}
