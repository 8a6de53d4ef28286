import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OnDemand, onDemand } from './on-demand';

/** What sits above OnDemand on a page: it catches what OnDemand lets go on up. */
class Outer extends Component<{ children: ReactNode; onError: (error: unknown) => void }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  render() {
    return this.state.failed ? <p>Something went wrong</p> : this.props.children;
  }
}

const unreachable = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/reply-dialog.js'));

describe('a dialog whose code is fetched when it opens', () => {
  it('calls onFailed with the error when the code cannot come, draws nothing, and leaves the page around it', async () => {
    const Unreachable = onDemand(unreachable);
    const failed = vi.fn();
    render(
      <>
        <p>The card</p>
        <OnDemand onFailed={failed}>
          <Unreachable />
        </OnDemand>
      </>,
    );
    await vi.waitFor(() => expect(failed).toHaveBeenCalledOnce());
    expect(failed.mock.calls[0][0]).toBeInstanceOf(TypeError);
    expect(screen.getByText('The card')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for the code again the next time it is opened (back online)', async () => {
    let online = false;
    const load = vi.fn(() => (online ? Promise.resolve(() => <p>The dialog</p>) : unreachable()));
    const Dialog = onDemand(load);
    const failed = vi.fn();
    const first = render(
      <OnDemand onFailed={failed}>
        <Dialog />
      </OnDemand>,
    );
    await vi.waitFor(() => expect(failed).toHaveBeenCalledOnce());
    // Asked once for this opening, not again and again while it cannot come.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(load).toHaveBeenCalledOnce();
    first.unmount();
    online = true;
    render(
      <OnDemand onFailed={failed}>
        <Dialog />
      </OnDemand>,
    );
    expect(await screen.findByText('The dialog')).toBeInTheDocument();
    expect(failed).toHaveBeenCalledOnce();
  });

  it('lets an error that is not a failed fetch go on up', async () => {
    const Broken = onDemand(() => Promise.resolve(() => {
      throw new RangeError('a bug');
    }));
    const failed = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const caught = vi.fn();
    render(
      <Outer onError={caught}>
        <OnDemand onFailed={failed}>
          <Broken />
        </OnDemand>
      </Outer>,
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(caught).toHaveBeenCalledWith(expect.any(RangeError));
    expect(failed).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
