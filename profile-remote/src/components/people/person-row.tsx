import type { PersonCard } from '@chirp/contracts';
import { useSession } from '@chirp/session';
import { FollowButton } from './follow-button';
import { PersonLink } from './person-link';

interface PersonRowProps {
  person: PersonCard;
  /** Called when the profile link is followed (a dropdown or dialog closes then). */
  onNavigate?: () => void;
  /** Called when a click follows the person (see FollowButton). */
  onFollowed?: () => void;
}

/**
 * One person of a list: the link to their profile and the Follow button beside it; none beside
 * oneself, whom nobody can follow.
 */
export function PersonRow({ person, onNavigate, onFollowed }: PersonRowProps) {
  const myId = useSession((state) => state.currentUser?._id);
  const me = useSession((state) => state.username);
  const isMe = person._id === myId || person.username === me;
  return (
    <li className="people-list__item">
      <PersonLink person={person} onNavigate={onNavigate} />
      {!isMe && <FollowButton person={person} onFollowed={onFollowed} />}
    </li>
  );
}
