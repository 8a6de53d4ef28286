import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchRemoteModules } from '../remotes/remote-registry';
import { PublicLayout } from './public-layout';

vi.mock('../remotes/remote-registry', () => ({ prefetchRemoteModules: vi.fn() }));
const prefetch = vi.mocked(prefetchRemoteModules);
const now = vi.fn();
const cancel = vi.fn();

beforeEach(() => {
  now.mockReset();
  cancel.mockReset();
  prefetch.mockReset().mockReturnValue({ now, cancel });
});

function LoginForm({ typed = '' }: { typed?: string }) {
  return (
    <form aria-label="Log in">
      <label>
        Email address
        <input defaultValue={typed} />
      </label>
    </form>
  );
}

const renderAt = (login: ReactElement) =>
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="/" element={login} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );

describe('PublicLayout', () => {
  it("downloads the home feed's code when the browser is idle, and at once when the person starts filling the form in", async () => {
    renderAt(<LoginForm />);
    expect(prefetch).toHaveBeenCalledWith(['feed/HomePage', 'profile/SidePanel'], { after: 'auth/LoginPage' });
    expect(now).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), 'g');
    expect(now).toHaveBeenCalled();
  });

  it('downloads it at once when the form was filled in before the app took the page over', () => {
    renderAt(<LoginForm typed="guestuser" />);
    expect(now).toHaveBeenCalled();
  });

  it('stops waiting to download it when the page goes', () => {
    renderAt(<LoginForm />).unmount();
    expect(cancel).toHaveBeenCalled();
  });
});
