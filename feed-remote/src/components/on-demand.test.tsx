import { renderWithApp } from '@chirp/session/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OnDemand, onDemand } from './on-demand';

const NETWORK = 'Cannot reach the server. Check your connection and try again.';
const unreachable = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/reply-dialog.js'));

describe('a dialog whose code is fetched when it opens', () => {
  it('says why in a toast and stays closed when the code cannot come, with the card still there', async () => {
    const Unreachable = onDemand(unreachable);
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

  it('asks for the code again the next time it is opened (back online)', async () => {
    const load = vi.fn<() => Promise<() => React.ReactNode>>().mockImplementationOnce(unreachable).mockResolvedValue(() => <p>The dialog</p>);
    const Dialog = onDemand(load);
    const first = renderWithApp(
      <OnDemand onFailed={() => {}}>
        <Dialog />
      </OnDemand>,
    );
    expect(await screen.findByText(NETWORK)).toBeInTheDocument();
    first.unmount();
    renderWithApp(
      <OnDemand onFailed={() => {}}>
        <Dialog />
      </OnDemand>,
    );
    expect(await screen.findByText('The dialog')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
