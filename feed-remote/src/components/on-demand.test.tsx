import { renderWithApp } from '@chirp/session/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OnDemand, onDemand } from './on-demand';

const NETWORK = 'Cannot reach the server. Check your connection and try again.';

describe('a feed dialog whose code cannot come', () => {
  it('says why in a toast and stays closed, with the card still there', async () => {
    const Unreachable = onDemand(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/reply-dialog.js')));
    const closed = vi.fn();
    renderWithApp(
      <>
        <p>The card</p>
        <OnDemand onFailed={closed}>
          <Unreachable />
        </OnDemand>
      </>,
    );
    expect(await screen.findByText(NETWORK)).toBeInTheDocument();
    expect(closed).toHaveBeenCalledOnce();
    expect(screen.getByText('The card')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
