import { DEFAULT_AVATAR, MoreIcon, paths, useSession, useSignOut } from '@chirp/shared';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';

/** The sidebar's profile dropdown (spec 2: Profile, Signout), a keyboard-usable menu button. */
export function AccountMenu() {
  const user = useSession((state) => state.currentUser);
  const username = useSession((state) => state.username) ?? '';
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const closeOnOutsideClick = (event: PointerEvent) => {
      const root = menuRef.current?.parentElement;
      if (root && !root.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="account-menu">
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__button"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <img className="avatar" src={user?.profilePic || DEFAULT_AVATAR} alt="" width="40" height="40" />
        <span className="account-menu__names">
          <span className="account-menu__name">
            {user ? `${user.firstName} ${user.lastName}` : username}
          </span>
          <span className="muted">@{username}</span>
        </span>
        <MoreIcon size={24} />
      </button>
      {open && (
        <ul id={menuId} ref={menuRef} role="menu" aria-label="Account" className="menu" onKeyDown={onMenuKeyDown}>
          <li role="none">
            <Link role="menuitem" to={paths.profile(username)} onClick={() => setOpen(false)}>
              Profile
            </Link>
          </li>
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
