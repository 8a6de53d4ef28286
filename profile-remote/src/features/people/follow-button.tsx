import { type UserSummary, useSession } from '@chirp/shared';
import { followToggled } from './follow-actions';
import { isFollowing } from './people';

interface FollowButtonProps {
  person: UserSummary;
  className?: string;
  /** Called when a click follows the person (not unfollows), as the change shows. */
  onFollowed?: () => void;
}

/** 'Follow' or 'Following', changed on the click; the call follows (and a refusal puts it back). */
export function FollowButton({ person, className = '', onFollowed }: FollowButtonProps) {
  const following = useSession((state) => isFollowing(state.currentUser, person._id));
  const clicked = () => {
    if (!following) onFollowed?.();
    followToggled(person);
  };
  return (
    <button
      type="button"
      className={`button ${following ? 'people-follow--following' : 'button--primary'} people-follow ${className}`.trim()}
      onClick={clicked}
    >
      {following ? 'Following' : 'Follow'}
    </button>
  );
}
