import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRemoteModule } from './remote-registry';
import { RemoteArea } from './remote-area';

vi.mock('./remote-registry', () => ({ loadRemoteModule: vi.fn() }));
const load = vi.mocked(loadRemoteModule);

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

beforeEach(() => {
  load.mockReset();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('RemoteArea', () => {
  it('renders the remote module with its props', async () => {
    load.mockResolvedValue({ default: Greeting });
    render(<RemoteArea module="feed/Greeting" label="greeting" props={{ name: 'Ann' }} />);
    expect(await screen.findByText('Hello Ann')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('feed/Greeting', 0);
  });

  it('says in words when the remote cannot be reached, and Retry loads it again', async () => {
    load.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue({ default: Greeting });
    render(
      <>
        <p>Shell layout</p>
        <RemoteArea module="auth/Retry" label="login page" props={{ name: 'again' }} />
      </>,
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The login page could not be loaded.');
    expect(screen.getByText('Shell layout')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Hello again')).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('auth/Retry', 1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps a remote whose code throws inside its own area', async () => {
    function Broken(): never {
      throw new Error('render failed');
    }
    load.mockResolvedValue({ default: Broken });
    render(
      <>
        <nav>Navigation</nav>
        <RemoteArea module="profile/Broken" label="profile" />
      </>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The profile could not be loaded.');
    expect(screen.getByText('Navigation')).toBeInTheDocument();
  });
});
