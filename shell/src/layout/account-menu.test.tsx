import { STORAGE_KEYS } from '@chirp/contracts';
import { useSession } from '@chirp/session';
import { aProfile, logInAs, renderWithApp } from '@chirp/session/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountMenu } from './account-menu';

const pageTheme = () => document.documentElement.getAttribute('data-theme');

beforeEach(() => {
  document.documentElement.removeAttribute('data-theme');
  logInAs(aProfile({ username: 'guestuser', firstName: 'Guest', lastName: 'User' }));
});

describe('the account menu', () => {
  it('offers Profile, Settings, Theme and Signout', async () => {
    const user = userEvent.setup();
    renderWithApp(<AccountMenu />);
    await user.click(screen.getByRole('button', { name: /Account menu$/ }));
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile', 'Settings', 'Theme', 'Signout']);
  });

  it('names the person by the full name kept from last time while the back end cannot say who they are', () => {
    useSession.setState({ currentUser: null, displayName: 'Guest User' });
    renderWithApp(<AccountMenu />);
    const button = screen.getByRole('button', { name: /Account menu$/ });
    expect(button).toHaveTextContent('Guest User');
    expect(button).toHaveTextContent('@guestuser');
    // Named by what it shows, then what it is (label in name, WCAG 2.5.3).
    expect(button).toHaveAccessibleName('Guest User @guestuser, Account menu');
  });

  it('applies the theme chosen, remembers it on the device, and shows it checked next time', async () => {
    const user = userEvent.setup();
    renderWithApp(<AccountMenu />);
    await user.click(screen.getByRole('button', { name: /Account menu$/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Theme' }));
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemradio', { name: 'Dark' }));

    expect(pageTheme()).toBe('dark');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Account menu$/ })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: /Account menu$/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Theme' }));
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'false');
  });

  it('keeps the theme across sign-out: it belongs to the device', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'test-token');
    const user = userEvent.setup();
    renderWithApp(<AccountMenu />);
    await user.click(screen.getByRole('button', { name: /Account menu$/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Theme' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Light' }));
    await user.click(screen.getByRole('button', { name: /Account menu$/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Signout' }));

    await waitFor(() => expect(useSession.getState().token).toBeNull());
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    expect(pageTheme()).toBe('light');
  });
});
