import { MESSAGES, type PersonCard } from '@chirp/contracts';
import { compactApi, errorMessage, optimisticToggle, toast, useSession, useToggleShown } from '@chirp/session';
import { followStored, queryKeys, reloadShown } from '@chirp/queries';

export const followKey = (userId: string) => `follow:${userId}`;

/** Whether I follow `person` as it shows now: a click on its way, or what the server last said. */
export const useFollowShown = (person: Pick<PersonCard, '_id' | 'followedByMe'>) =>
  useToggleShown(followKey(person._id), person.followedByMe);

/**
 * Follow or unfollow (spec 4), shown at once like a like: the button, the counts, the suggestions
 * (a followed person leaves them) all change on the click; the call follows, and a refusal puts back
 * what the server last confirmed, with its message. Clicks on several people each count: one queue
 * per person. The answer (both profiles) goes into the query cache and the session (whose
 * `currentUser` may still be unknown, say when the back end could not be reached at start: the
 * follow works all the same).
 */
export function toggleFollow(person: Pick<PersonCard, '_id' | 'username' | 'followedByMe'>): void {
  optimisticToggle(followKey(person._id), person.followedByMe, {
    send: async (on) => {
      const { user, followUser } = await (on ? compactApi.follow(person._id) : compactApi.unfollow(person._id));
      followStored(user, followUser);
      // Someone unfollowed is a suggestion again, where only the server knows: shown suggestions load again.
      if (!followUser.followedByMe) reloadShown(queryKeys.peopleList({ kind: 'suggestions' }));
      useSession.getState().setCurrentUser(user);
    },
    confirmed: (on) =>
      toast.success(on ? MESSAGES.following(person.username) : MESSAGES.unfollowed(person.username), { id: followKey(person._id) }),
    rolledBack: (error) => toast.error(errorMessage(error)),
  });
}
