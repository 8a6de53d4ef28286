import { useSession } from '@chirp/shared';
import { useCallback, useId, useLayoutEffect, useMemo, useRef } from 'react';
import { Loader } from '../../components/loader';
import { FollowButton } from '../people/follow-button';
import { suggestedUsers } from '../people/people';
import { PersonLink } from '../people/person-link';

interface SuggestionsProps {
  /** Called when a profile link is followed (the phone dropdown closes then). */
  onNavigate?: () => void;
}

/** 'Suggestions for you': everyone but the current user and the people they follow (spec 4). */
export function Suggestions({ onNavigate }: SuggestionsProps) {
  const users = useSession((state) => state.users);
  const username = useSession((state) => state.username);
  const currentUser = useSession((state) => state.currentUser);
  const suggestions = useMemo(() => suggestedUsers(users, username, currentUser), [users, username, currentUser]);
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
        Suggestions for you
      </h2>
      {users.length === 0 ? (
        <Loader label="Loading suggestions" />
      ) : suggestions.length === 0 ? (
        <p className="suggestions__empty">Followed all</p>
      ) : (
        <ul className="people-list">
          {suggestions.map((person, index) => (
            <li key={person._id} className="people-list__item">
              <PersonLink person={person} onNavigate={onNavigate} />
              <FollowButton person={person} onFollowed={rememberRow(index)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
