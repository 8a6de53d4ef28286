import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../testing/fixtures';
import { optimisticToggle, useToggleShown } from './optimistic';
import { useSession } from './session-store';

beforeEach(() => useSession.getState().sessionReset());

describe('an optimistic toggle', () => {
  it('shows the click at once, over what the server confirmed, until its calls are over', async () => {
    const answer = deferred<void>();
    const send = vi.fn(() => answer.promise);
    const { result } = renderHook(() => useToggleShown('like:p1', false));
    act(() => optimisticToggle('like:p1', false, { send, confirmed: vi.fn(), rolledBack: vi.fn() }));
    expect(result.current).toBe(true);
    expect(send).toHaveBeenCalledWith(true);
    await act(async () => answer.resolve());
    // Once the query cache has told the screens of the answer (its next batch).
    await vi.waitFor(() => expect(useSession.getState().optimistic).toEqual({}));
  });

  it('sends nothing more for two clicks made during a call, and goes back on a refusal', async () => {
    const first = deferred<void>();
    const send = vi.fn(() => first.promise);
    const rolledBack = vi.fn();
    const { result } = renderHook(() => useToggleShown('bookmark:p1', false));
    act(() => optimisticToggle('bookmark:p1', false, { send, confirmed: vi.fn(), rolledBack }));
    act(() => optimisticToggle('bookmark:p1', false, { send, confirmed: vi.fn(), rolledBack }));
    act(() => optimisticToggle('bookmark:p1', false, { send, confirmed: vi.fn(), rolledBack }));
    expect(result.current).toBe(true);
    await act(async () => first.reject(new Error('refused')));
    expect(send).toHaveBeenCalledTimes(1);
    expect(rolledBack).toHaveBeenCalledWith(new Error('refused'));
    expect(result.current).toBe(false);
  });
});
