import { toggleShown, useSession } from '@chirp/session';
import { RetryAlert, Spinner } from '@chirp/ui';
import { useCallback, useId, useLayoutEffect, useMemo, useRef } from 'react';
import { useFillWhenEmpty, usePeople } from '../../components/people-pages';
import { followKey } from '../../lib/follow-actions';
import { PersonRow } from '../../components/people/person-row';

const SOURCE = { kind: 'suggestions' } as const;

interface SuggestionsProps {
  /** Called when a profile link is followed (the phone dropdown closes then). */
  onNavigate?: () => void;
  /** The section's heading: the side panel's is the spec's; another place on the page names its own. */
  heading?: string;
}

/**
 * 'Suggestions for you': everyone but the current user and the people they follow (spec 4), a page
 * at a time from the back end. Someone followed leaves the list on the click.
 */
export function Suggestions({ onNavigate, heading = 'Suggestions for you' }: SuggestionsProps) {
  const list = usePeople(SOURCE);
  const { people, error, retry, footer } = list;
  const optimistic = useSession((state) => state.optimistic);
  const suggestions = useMemo(() => {
    void optimistic; // who shows as followed depends on the clicks on their way (read by toggleShown)
    return (people ?? []).filter((person) => !toggleShown(followKey(person._id), person.followedByMe));
  }, [people, optimistic]);
  // Everyone loaded so far followed: the next people to suggest come without a click. Asked for once
  // the follows are confirmed (the answers take the people out of the cached pages): a page that
  // arrives carries the pages as they were when it was asked for, and would bring them back.
  const notFollowed = people?.filter((person) => !person.followedByMe).length ?? 0;
  useFillWhenEmpty(list, notFollowed);
  const filling = people !== null && suggestions.length === 0 && list.canLoadMore;
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  // The row a person was just followed from: it leaves the list, so focus moves to its neighbour.
  const followedRow = useRef<number | null>(null);

  useLayoutEffect(() => {
    const row = followedRow.current;
    const section = sectionRef.current;
    if (row === null || !section) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    followedRow.current = null;
    const buttons = section.querySelectorAll<HTMLElement>('.people-follow');
    const next = buttons[Math.min(row, buttons.length - 1)] ?? section.querySelector<HTMLElement>('h2');
    next?.focus();
  }, [suggestions]);

  const rememberRow = useCallback((index: number) => () => (followedRow.current = index), []);

  return (
    <section ref={sectionRef} className="suggestions" aria-labelledby={headingId}>
      <h2 id={headingId} className="suggestions__heading" tabIndex={-1}>
        {heading}
      </h2>
      {error ? (
        <RetryAlert message={error} onRetry={retry} />
      ) : people === null || filling ? (
        <Spinner label="Loading suggestions" />
      ) : suggestions.length === 0 && !footer ? (
        <p className="suggestions__empty">Followed all</p>
      ) : (
        <>
          {suggestions.length > 0 && (
            <ul className="people-list">
              {suggestions.map((person, index) => (
                <PersonRow key={person._id} person={person} onNavigate={onNavigate} onFollowed={rememberRow(index)} />
              ))}
            </ul>
          )}
          {footer}
        </>
      )}
    </section>
  );
}
