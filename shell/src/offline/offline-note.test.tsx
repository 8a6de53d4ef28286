import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_NOTE, OfflineNote } from './offline-note';

const goOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
};

afterEach(() => vi.restoreAllMocks());

describe('the offline note', () => {
  it('says nothing while online, then that the browser is offline, and goes when it is back', () => {
    render(<OfflineNote />);
    expect(screen.getByRole('status')).toHaveTextContent('');
    goOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_NOTE);
    goOnline(true);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
