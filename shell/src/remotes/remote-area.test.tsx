import type { SidePanelProps } from '@chirp/seams';
import { act, render, screen } from '@testing-library/react';
import { watchRecoveryChances } from '@chirp/session';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadedRemoteModule, loadRemoteModule } from './remote-registry';
import { RemoteArea } from './remote-area';
import { IncompatibleRemoteError } from './session-contract';

vi.mock('./remote-registry', () => ({ loadRemoteModule: vi.fn(), loadedRemoteModule: vi.fn() }));
const load = vi.mocked(loadRemoteModule);
const alreadyHere = vi.mocked(loadedRemoteModule);

function Panel({ variant }: SidePanelProps) {
  return <p>Panel as {variant}</p>;
}
function Page() {
  return <p>The login page</p>;
}

beforeEach(() => {
  load.mockReset();
  alreadyHere.mockReset();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('RemoteArea', () => {
  it('tries again by itself when the browser comes back online, without Retry being pressed', async () => {
    const stopWatching = watchRecoveryChances();
    load.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue({ default: Page as never });
    // A module of its own: the lazy components of each attempt outlive a test.
    render(<RemoteArea module="notifications/NotificationsPage" label="notifications" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The notifications could not be loaded.');
    act(() => void window.dispatchEvent(new Event('online')));
    // The second attempt loads a lazy component anew: a busy machine (tests side by side) takes more than a second.
    expect(await screen.findByText('The login page', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('notifications/NotificationsPage', 1);
    stopWatching();
  });

  it('shows a module already loaded at once, in the same render, without its loading state', () => {
    alreadyHere.mockImplementation((id, attempt) => (id === 'profile/SidePanel' && attempt === 0 ? { default: Panel } : undefined) as never);
    render(<RemoteArea module="profile/SidePanel" label="search" props={{ variant: 'dropdown' }} />);
    expect(screen.getByText('Panel as dropdown')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('renders the remote module with its props', async () => {
    load.mockResolvedValue({ default: Panel as never });
    render(<RemoteArea module="profile/SidePanel" label="search" props={{ variant: 'column' }} />);
    expect(await screen.findByText('Panel as column')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('profile/SidePanel', 0);
  });

  it('says in words when the remote cannot be reached, and Retry loads it again', async () => {
    load.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue({ default: Page as never });
    render(
      <>
        <p>Shell layout</p>
        <RemoteArea module="auth/LoginPage" label="login page" />
      </>,
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The login page could not be loaded. Check your connection, then try again.');
    expect(screen.getByText('Shell layout')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('The login page')).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('auth/LoginPage', 1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps a remote whose code throws inside its own area', async () => {
    function Broken(): never {
      throw new Error('render failed');
    }
    load.mockResolvedValue({ default: Broken as never });
    render(
      <>
        <nav>Navigation</nav>
        <RemoteArea module="profile/ProfilePage" label="profile" props={{ userName: 'ann', PostList: () => null }} />
      </>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The profile could not be loaded.');
    expect(screen.getByText('Navigation')).toBeInTheDocument();
  });

  it('names the versions when a remote was built against another major of the session', async () => {
    load.mockRejectedValue(new IncompatibleRemoteError('feed', '2.0.0', '1.4.2'));
    render(<RemoteArea module="feed/HomePage" label="home feed" props={{ WhoToFollow: () => null }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The home feed could not be loaded: it was built for another version of Chirp (session 2.0.0; this page provides 1.4.2).',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('takes module ids and props only as @chirp/seams declares them (checked by npm run typecheck)', () => {
    // Each line below must fail to compile: were a seam untyped, the unused @ts-expect-error
    // would fail `npm run typecheck` instead.
    const wrong = [
      // @ts-expect-error a typo in the module id
      <RemoteArea key="id" module="feed/HomePag" label="home" />,
      // @ts-expect-error a module of a remote that does not exist
      <RemoteArea key="remote" module="chat/Inbox" label="inbox" />,
      // @ts-expect-error a wrong prop value
      <RemoteArea key="value" module="profile/SidePanel" label="search" props={{ variant: 'sideways' }} />,
      // @ts-expect-error a missing required prop
      <RemoteArea key="missing" module="feed/ComposerDialog" label="composer" props={{}} />,
      // @ts-expect-error props for a module that takes none
      <RemoteArea key="none" module="auth/LoginPage" label="login" props={{ variant: 'column' }} />,
    ];
    expect(wrong).toHaveLength(5);
  });
});
