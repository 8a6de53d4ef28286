import { api, errorMessage, MESSAGES, toast, type UserSummary, useSession } from '@chirp/shared';
import { useCallback, useRef, useState } from 'react';
import { isFollowing } from './people';

export interface FollowToggle {
  following: boolean;
  /** A follow or unfollow call is on its way; further clicks are ignored until it answers. */
  pending: boolean;
  toggle: () => Promise<void>;
}

/**
 * Spec 4's follow toggle: follow when not following, otherwise unfollow. The client ignores the
 * answer and reloads the users (which refreshes the current user), so every list stays in step.
 */
export function useFollowToggle(person: UserSummary, onFollowed?: () => void): FollowToggle {
  const following = useSession((state) => isFollowing(state.currentUser, person._id));
  const loadUsers = useSession((state) => state.loadUsers);
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);

  const toggle = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    try {
      if (following) {
        await api.unfollow(person._id);
        toast.success(MESSAGES.unfollowed(person.username));
      } else {
        await api.follow(person._id);
        toast.success(MESSAGES.following(person.username));
        onFollowed?.();
      }
      await loadUsers();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }, [following, loadUsers, onFollowed, person._id, person.username]);

  return { following, pending, toggle };
}
