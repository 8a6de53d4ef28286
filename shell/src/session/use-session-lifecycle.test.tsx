import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compactApi, queryClient, useSession } from '@chirp/session';
import type { Profile } from '@chirp/contracts';
import { aPostPage, deferred } from '@chirp/session/testing';
import { useSessionLifecycle } from './use-session-lifecycle';

/** A JWT as the store reads it (its claims; the signature is the back end's business). */
const tokenOf = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.c2ln`;

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
  useSession.getState().sessionReset();
  queryClient.clear();
});

describe('a stored session at start', () => {
  it('on /home, asks for Home’s list beside the check of the session, not after its answer', () => {
    window.history.replaceState(null, '', '/home');
    useSession.setState({ token: tokenOf({ _id: 'u1', username: 'ann' }), username: 'ann', sessionStatus: 'checking' });
    const check = deferred<{ user: Profile }>();
    const profile = vi.spyOn(compactApi, 'profileById').mockReturnValue(check.promise);
    const following = vi.spyOn(compactApi, 'followingPosts').mockResolvedValue(aPostPage([]));
    renderHook(() => useSessionLifecycle());
    expect(profile).toHaveBeenCalledWith('u1');
    expect(following).toHaveBeenCalledWith({ sort: 'latest', cursor: undefined });
  });

  it('elsewhere, asks for no list', () => {
    window.history.replaceState(null, '', '/explore');
    useSession.setState({ token: tokenOf({ _id: 'u1', username: 'ann' }), username: 'ann', sessionStatus: 'checking' });
    vi.spyOn(compactApi, 'profileById').mockReturnValue(deferred<{ user: Profile }>().promise);
    const following = vi.spyOn(compactApi, 'followingPosts').mockResolvedValue(aPostPage([]));
    renderHook(() => useSessionLifecycle());
    expect(following).not.toHaveBeenCalled();
  });
});
