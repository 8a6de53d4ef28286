import { type ReactNode, type RefObject } from 'react';
import { MoreIcon } from './icons';
import { useMenu } from './use-menu';
import './options-menu.css';

export interface MenuOption {
  label: string;
  icon?: ReactNode;
  /** Drawn as a warning (deleting). */
  danger?: boolean;
  onSelect: () => void;
}

interface OptionsMenuProps {
  /** The button's and the menu's name ('Post options', 'More options'). */
  label: string;
  options: readonly MenuOption[];
  /** The ⋯ button, so that a dialog opened from the menu can give focus back to it. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** The root's class, for where it sits (a post's header, a profile's actions). */
  className?: string;
}

/** A ⋯ button and its menu of actions, usable from the keyboard (a post's options, a profile's). */
export function OptionsMenu({ label, options, buttonRef, className }: OptionsMenuProps) {
  const { open, close, buttonProps, menuProps } = useMenu(buttonRef);

  const choose = (action: () => void) => () => {
    close();
    action();
  };

  return (
    <div className={`options-menu${className ? ` ${className}` : ''}`}>
      <button {...buttonProps} className="options-menu__button" aria-label={label}>
        <MoreIcon />
      </button>
      {open && (
        <ul {...menuProps} aria-label={label} className="menu options-menu__menu">
          {options.map(({ label, icon, danger, onSelect }) => (
            <li role="none" key={label}>
              <button
                role="menuitem"
                type="button"
                className={`options-menu__item${danger ? ' options-menu__item--danger' : ''}`}
                onClick={choose(onSelect)}
              >
                {icon}
                {label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
