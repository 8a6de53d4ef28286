import type { PersonCard } from '@chirp/contracts';
import { toggleFollow, useFollowShown } from '../../lib/follow-actions';

interface FollowButtonProps {
  person: Pick<PersonCard, '_id' | 'username' | 'followedByMe'>;
  className?: string;
  /** Called when a click follows the person (not unfollows), as the change shows. */
  onFollowed?: () => void;
}

/** 'Follow' or 'Following', changed on the click; the call follows (and a refusal puts it back). */
export function FollowButton({ person, className = '', onFollowed }: FollowButtonProps) {
  const following = useFollowShown(person);
  const toggle = () => {
    if (!following) onFollowed?.();
    toggleFollow(person);
  };
  return (
    <button
      type="button"
      className={`button ${following ? 'people-follow--following' : 'button--primary'} people-follow ${className}`.trim()}
      onClick={toggle}
    >
      {following ? 'Following' : 'Follow'}
    </button>
  );
}
