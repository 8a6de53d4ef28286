import { api, createToggleQueue, errorMessage, MESSAGES, toast, type User, type UserSummary, useSession } from '@chirp/shared';
import { isFollowing } from './people';

const summaryOf = ({ _id, username, firstName, lastName, profilePic }: UserSummary): UserSummary => ({
  _id,
  username,
  firstName,
  lastName,
  profilePic,
});
const without = (list: UserSummary[], id: string) => list.filter((entry) => entry._id !== id);

/**
 * `me` and `person` as the server will hold them once `me` follows `person` (or stops): spec 4's
 * follow adds the person to my following and me to their followers; unfollow takes both out.
 */
export function withFollow(me: User, person: User, follows: boolean): [User, User] {
  const following = without(me.following, person._id);
  const followers = without(person.followers, me._id);
  return [
    { ...me, following: follows ? [...following, summaryOf(person)] : following },
    { ...person, followers: follows ? [...followers, summaryOf(me)] : followers },
  ];
}

const follows = createToggleQueue();

// A users list that arrives while a follow is on its way (it loads in the background after log in)
// must not hide that follow: show it again. Showing it when it shows already changes nothing.
useSession.subscribe((state, previous) => {
  if (state.currentUser !== previous.currentUser || state.users !== previous.users) follows.reshowPending();
});

/**
 * Follow or unfollow (spec 4), shown at once like a like: the button, the counts, the suggestions
 * (a followed person leaves them) all change on the click; the call follows, and a refusal puts back
 * what the server last confirmed, with its message. Clicks on several people each count: one queue
 * per person, and an answer never hides a follow still on its way.
 */
export function followToggled(person: UserSummary): void {
  const start = useSession.getState();
  if (!start.currentUser) return;
  let confirmed = isFollowing(start.currentUser, person._id);
  const show = (on: boolean) => {
    const { currentUser, users, usersChanged } = useSession.getState();
    if (!currentUser || isFollowing(currentUser, person._id) === on) return;
    // Someone not in the users list yet (it loads in the background) changes only on my side.
    const target = users.find((user) => user._id === person._id);
    usersChanged(target ? withFollow(currentUser, target, on) : [withFollow(currentUser, { ...currentUser, ...summaryOf(person), followers: [] }, on)[0]]);
  };
  follows.flip(`follow:${person._id}`, confirmed, {
    show,
    send: async (on) => {
      const { user, followUser } = await (on ? api.follow(person._id) : api.unfollow(person._id));
      useSession.getState().usersChanged([user, followUser]);
      confirmed = on;
    },
    confirmed: (on) =>
      toast.success(on ? MESSAGES.following(person.username) : MESSAGES.unfollowed(person.username), { id: `follow:${person._id}` }),
    rolledBack: (error) => {
      show(confirmed);
      toast.error(errorMessage(error));
    },
  });
}
