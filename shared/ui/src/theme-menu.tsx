import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { CheckIcon, ChevronRightIcon, ThemeIcon } from './icons';
import { menuItems, moveAmongItems, useMenu } from './use-menu';
import './theme-menu.css';

/** The page's theme: System follows the device's light or dark setting. */
export type ThemeName = 'system' | 'light' | 'dark';

const THEMES = [
  { theme: 'system', label: 'System' },
  { theme: 'light', label: 'Light' },
  { theme: 'dark', label: 'Dark' },
] as const;

export interface ThemeChoiceProps {
  /** The theme in force. */
  chosen: ThemeName;
  /** A theme was chosen (the menu then closes). */
  onChoose: (theme: ThemeName) => void;
}

/** System, Light and Dark as the radio items of a menu, the one in force checked. */
function ThemeItems({ chosen, onChoose }: ThemeChoiceProps) {
  return THEMES.map(({ theme, label }) => (
    <li role="none" key={theme}>
      <button type="button" role="menuitemradio" aria-checked={chosen === theme} className="theme-menu__item" onClick={() => onChoose(theme)}>
        <CheckIcon size={18} />
        {label}
      </button>
    </li>
  ));
}

const focusChosen = (menu: HTMLElement | null) => {
  const items = menuItems(menu);
  (items.find((item) => item.getAttribute('aria-checked') === 'true') ?? items[0])?.focus();
};

/**
 * `Theme` as an item of another menu (a `useMenu` list), opening a submenu of the three themes
 * below it: Enter, Space or ArrowRight open it on the theme in force; ArrowLeft or Escape close it
 * and go back to `Theme`. Choosing calls `onChoose`; the caller closes its menu.
 */
export function ThemeSubmenu({ chosen, onChoose }: ThemeChoiceProps) {
  const [open, setOpen] = useState(false);
  const submenuId = useId();
  const itemRef = useRef<HTMLButtonElement>(null);
  const submenuRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (open) focusChosen(submenuRef.current);
  }, [open]);

  const onItemKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight') return;
    event.preventDefault();
    event.stopPropagation();
    if (open) focusChosen(submenuRef.current);
    else setOpen(true);
  };

  // Keys the submenu handles stay in it; the others (Tab) reach the menu around it.
  const onSubmenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (moveAmongItems(event, submenuRef.current)) {
      event.stopPropagation();
    } else if (event.key === 'Escape' || event.key === 'ArrowLeft') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      itemRef.current?.focus();
    }
  };

  return (
    <li role="none" className="theme-submenu">
      <button
        ref={itemRef}
        type="button"
        role="menuitem"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? submenuId : undefined}
        className="theme-submenu__opener"
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onItemKeyDown}
      >
        <ThemeIcon size={18} />
        Theme
        <ChevronRightIcon size={18} />
      </button>
      {open && (
        <ul id={submenuId} ref={submenuRef} role="menu" aria-label="Theme" className="theme-submenu__menu" onKeyDown={onSubmenuKeyDown}>
          <ThemeItems chosen={chosen} onChoose={onChoose} />
        </ul>
      )}
    </li>
  );
}

/** A `Theme` menu button of its own (where there is no menu to hold the submenu: the phone). */
export function ThemeMenuButton({ chosen, onChoose, className = 'button' }: ThemeChoiceProps & { className?: string }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { open, close, buttonProps, menuProps } = useMenu(buttonRef);
  const choose = (theme: ThemeName) => {
    onChoose(theme);
    close();
    buttonRef.current?.focus();
  };
  return (
    <div className="theme-menu">
      <button {...buttonProps} className={`${className} theme-menu__button`} aria-label="Theme" title="Theme">
        <ThemeIcon />
      </button>
      {open && (
        <ul {...menuProps} aria-label="Theme" className="menu theme-menu__menu">
          <ThemeItems chosen={chosen} onChoose={choose} />
        </ul>
      )}
    </div>
  );
}
