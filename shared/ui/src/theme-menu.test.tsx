import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type ThemeName, ThemeMenuButton, ThemeSubmenu } from './theme-menu';
import { useMenu } from './use-menu';

/** A menu as the account menu holds the submenu: an item, Theme, another item; a choice closes it. */
function MenuWithTheme() {
  const [theme, setTheme] = useState<ThemeName>('system');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { open, close, buttonProps, menuProps } = useMenu(buttonRef);
  return (
    <>
      <p>In force: {theme}</p>
      <button {...buttonProps}>Account menu</button>
      {open && (
        <ul {...menuProps} aria-label="Account">
          <li role="none">
            <button type="button" role="menuitem">
              Profile
            </button>
          </li>
          <ThemeSubmenu
            chosen={theme}
            onChoose={(choice) => {
              setTheme(choice);
              close();
              buttonRef.current?.focus();
            }}
          />
          <li role="none">
            <button type="button" role="menuitem">
              Signout
            </button>
          </li>
        </ul>
      )}
    </>
  );
}

function StandaloneTheme() {
  const [theme, setTheme] = useState<ThemeName>('light');
  return (
    <>
      <p>In force: {theme}</p>
      <ThemeMenuButton chosen={theme} onChoose={setTheme} />
    </>
  );
}

const radios = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitemradio')
    .map((radio) => `${radio.textContent}${radio.getAttribute('aria-checked') === 'true' ? ' (checked)' : ''}`);

describe('Theme inside a menu', () => {
  it('opens a submenu of System, Light and Dark by mouse, the one in force checked', async () => {
    const user = userEvent.setup();
    render(<MenuWithTheme />);
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const account = screen.getByRole('menu', { name: 'Account' });
    expect(within(account).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile', 'Theme', 'Signout']);

    const theme = within(account).getByRole('menuitem', { name: 'Theme' });
    expect(theme).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(theme);
    expect(theme).toHaveAttribute('aria-expanded', 'true');
    const submenu = screen.getByRole('menu', { name: 'Theme' });
    expect(radios(submenu)).toEqual(['System (checked)', 'Light', 'Dark']);

    await user.click(within(submenu).getByRole('menuitemradio', { name: 'Dark' }));
    expect(screen.getByText('In force: dark')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Theme' }));
    expect(radios(screen.getByRole('menu', { name: 'Theme' }))).toEqual(['System', 'Light', 'Dark (checked)']);
  });

  it('is usable with the keyboard alone', async () => {
    const user = userEvent.setup();
    render(<MenuWithTheme />);
    screen.getByRole('button', { name: 'Account menu' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    const theme = screen.getByRole('menuitem', { name: 'Theme' });
    expect(theme).toHaveFocus();

    // ArrowRight opens the submenu on the theme in force; ArrowDown moves within it.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Light' })).toHaveFocus();
    // Escape closes the submenu only, back on Theme; the account menu stays.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu', { name: 'Theme' })).not.toBeInTheDocument();
    expect(theme).toHaveFocus();
    expect(theme).toHaveAttribute('aria-expanded', 'false');
    // Within the account menu, arrows skip the closed submenu: Theme → Signout.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Signout' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}{End}');
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(theme).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByText('In force: dark')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus();
  });
});

describe('Theme as a menu button of its own', () => {
  it('offers the three themes, opens on the one in force, and gives focus back after a choice', async () => {
    const user = userEvent.setup();
    render(<StandaloneTheme />);
    const button = screen.getByRole('button', { name: 'Theme' });
    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'Theme' });
    expect(radios(menu)).toEqual(['System', 'Light (checked)', 'Dark']);
    expect(within(menu).getByRole('menuitemradio', { name: 'Light' })).toHaveFocus();

    await user.keyboard('{ArrowUp}{Enter}');
    expect(screen.getByText('In force: system')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});
