import { SearchIcon } from '@chirp/ui';
import type { KeyboardEvent } from 'react';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** The id of what the box controls (its results). */
  controls: string;
  /** Called when the box is focused or clicked (the phone dropdown opens then). */
  onActivate?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
}

/** The 'Search friend' box: a search landmark holding one labelled searchbox. */
export function SearchBox({ value, onChange, controls, onActivate, onKeyDown }: SearchBoxProps) {
  return (
    <form role="search" className="side-search" onSubmit={(event) => event.preventDefault()}>
      <SearchIcon size={18} />
      <input
        type="search"
        className="side-search__input"
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
