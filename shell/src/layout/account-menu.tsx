import { paths } from '@chirp/contracts';
import { chooseTheme, type ThemeChoice, useSession, useSignOut, useThemeChoice } from '@chirp/session';
import { Avatar, MoreIcon, ThemeSubmenu, useMenu } from '@chirp/ui';
import { useRef } from 'react';
import { Link } from 'react-router-dom';

/**
 * The sidebar's profile dropdown (spec 2: Profile, Signout), a keyboard-usable menu button, with
 * Settings and the Theme submenu between them (Theme a device setting, kept with the account's).
 */
export function AccountMenu() {
  const user = useSession((state) => state.currentUser);
  const username = useSession((state) => state.username) ?? '';
  // Before the back end has answered (or while it cannot be reached), the name it gave last time.
  const storedName = useSession((state) => state.displayName);
  const signOut = useSignOut();
  const theme = useThemeChoice();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { open, close, buttonProps, menuProps } = useMenu(buttonRef);
  const shownName = user ? `${user.firstName} ${user.lastName}`.trim() : storedName || username;
  const themeChosen = (choice: ThemeChoice) => {
    chooseTheme(choice);
    close();
    buttonRef.current?.focus();
  };

  return (
    <div className="account-menu">
      {/* Named by what it shows first (WCAG 2.5.3, label in name: "click Guest User" works by voice), then what it is. */}
      <button {...buttonProps} className="account-menu__button" aria-label={`${shownName} @${username}, Account menu`}>
        <Avatar src={user?.profilePic} size={40} />
        <span className="account-menu__names">
          <span className="account-menu__name">{shownName}</span>
          <span className="muted">@{username}</span>
        </span>
        <MoreIcon size={24} />
      </button>
      {open && (
        <ul {...menuProps} aria-label="Account" className="menu">
          <li role="none">
            <Link role="menuitem" to={paths.profile(username)} onClick={close}>
              Profile
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" to={paths.settings} onClick={close}>
              Settings
            </Link>
          </li>
          <ThemeSubmenu chosen={theme} onChoose={themeChosen} />
          <li role="none">
            <button role="menuitem" type="button" onClick={signOut}>
              Signout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
