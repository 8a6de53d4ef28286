import { renderWithApp } from '@chirp/session/testing';
import { screen } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OnDemand } from './on-demand';

describe('a dialog whose code cannot be fetched', () => {
  it('says why in a toast and stays closed, with the card still there', async () => {
    const Unreachable = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/reply-dialog.js')));
    const closed = vi.fn();
    renderWithApp(
      <>
        <p>The card</p>
        <OnDemand onFailed={closed}>
          <Unreachable />
        </OnDemand>
      </>,
    );
    expect(await screen.findByText('Cannot reach the server. Check your connection and try again.')).toBeInTheDocument();
    expect(closed).toHaveBeenCalledOnce();
    expect(screen.getByText('The card')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
