import type { UserSummary } from '@chirp/shared';
import { useFollowToggle } from './use-follow-toggle';

interface FollowButtonProps {
  person: UserSummary;
  className?: string;
  /** Called after a successful follow (not unfollow), before the users reload. */
  onFollowed?: () => void;
}

/** 'Follow' or 'Following'; one click at a time while the call is on its way. */
export function FollowButton({ person, className = '', onFollowed }: FollowButtonProps) {
  const { following, pending, toggle } = useFollowToggle(person, onFollowed);
  return (
    <button
      type="button"
      className={`button ${following ? 'people-follow--following' : 'button--primary'} people-follow ${className}`.trim()}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={() => void toggle()}
    >
      {following ? 'Following' : 'Follow'}
    </button>
  );
}
