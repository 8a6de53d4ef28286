import { ApiError, compactApi, queryClient, toast, toggleShown, useSession } from '@chirp/session';
import { queryKeys } from '@chirp/queries';
import { deferred, logInAs } from '@chirp/session/testing';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardOf, makeGuest, makePerson } from '../../testing/session';
import { followKey, toggleFollow } from '../../lib/follow-actions';
import { fullName } from './people';

const me = makeGuest({ followingCount: 0 });
const jane = makePerson('janedoe', { firstName: 'Jane', lastName: 'Doe', followerCount: 3 });
const followedJane = { user: { ...me, followingCount: 1 }, followUser: { ...jane, followedByMe: true, followerCount: 4 } };

beforeEach(() => logInAs(me));
afterEach(() => vi.restoreAllMocks());

describe('fullName', () => {
  it('joins first and last name, without stray spaces when one is missing', () => {
    expect(fullName(jane)).toBe('Jane Doe');
    expect(fullName({ firstName: 'Cher', lastName: '' })).toBe('Cher');
  });
});

describe('toggleFollow', () => {
  it('shows the follow at once, then stores both answered profiles in the cache and the session', async () => {
    const answer = deferred<typeof followedJane>();
    const follow = vi.spyOn(compactApi, 'follow').mockReturnValue(answer.promise);
    const success = vi.spyOn(toast, 'success');
    queryClient.setQueryData(queryKeys.profile('janedoe'), jane);

    toggleFollow(jane);
    expect(toggleShown(followKey(jane._id), false)).toBe(true);
    expect(follow).toHaveBeenCalledWith('id-janedoe');

    answer.resolve(followedJane);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Following janedoe', { id: 'follow:id-janedoe' }));
    expect(queryClient.getQueryData(queryKeys.profile('janedoe'))).toEqual(followedJane.followUser);
    expect(useSession.getState().currentUser?.followingCount).toBe(1);
    // The overlay is gone: what shows is what the server confirmed.
    expect(useSession.getState().optimistic).toEqual({});
  });

  it('unfollows someone followed, and says so', async () => {
    const unfollow = vi.spyOn(compactApi, 'unfollow').mockResolvedValue({ user: me, followUser: jane });
    const success = vi.spyOn(toast, 'success');
    toggleFollow(cardOf({ ...jane, followedByMe: true }));
    expect(toggleShown(followKey(jane._id), true)).toBe(false);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Unfollowed janedoe', { id: 'follow:id-janedoe' }));
    expect(unfollow).toHaveBeenCalledWith('id-janedoe');
  });

  it('puts back what the server last confirmed, with its message, when the call is refused', async () => {
    vi.spyOn(compactApi, 'follow').mockRejectedValue(new ApiError(400, 'User Already following'));
    const error = vi.spyOn(toast, 'error');
    toggleFollow(jane);
    await waitFor(() => expect(error).toHaveBeenCalledWith('User Already following'));
    expect(toggleShown(followKey(jane._id), false)).toBe(false);
  });

  it('works before the session holds the signed-in profile (the back end was unreachable at start)', async () => {
    useSession.setState({ currentUser: null });
    const follow = vi.spyOn(compactApi, 'follow').mockResolvedValue(followedJane);
    toggleFollow(jane);
    expect(toggleShown(followKey(jane._id), false)).toBe(true);
    await waitFor(() => expect(useSession.getState().optimistic).toEqual({}));
    expect(follow).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(queryKeys.profile('janedoe'))).toEqual(followedJane.followUser);
  });
});
