import { MoreIcon, useMenu } from '@chirp/ui';
import { type ReactNode, type RefObject } from 'react';

export interface PostOption {
  label: string;
  icon?: ReactNode;
  /** Drawn as a warning (deleting). */
  danger?: boolean;
  onSelect: () => void;
}

interface PostOptionsMenuProps {
  /** The button's and the menu's name: 'Post options' (the spec's) on one's own post, 'More options' on others'. */
  label: string;
  options: readonly PostOption[];
  /** The 'Post options' button, so that a dialog opened from the menu can give focus back to it. */
  buttonRef: RefObject<HTMLButtonElement | null>;
}

/**
 * A post's ⋯ menu, usable from the keyboard: on one's own post 'Edit Post' and 'Delete Post' (spec 4),
 * on anyone else's what protects one from its author and a link to share.
 */
export function PostOptionsMenu({ label, options, buttonRef }: PostOptionsMenuProps) {
  const { open, close, buttonProps, menuProps } = useMenu(buttonRef);

  const choose = (action: () => void) => () => {
    close();
    action();
  };

  return (
    <div className="post-options">
      <button {...buttonProps} className="post-options__button" aria-label={label}>
        <MoreIcon />
      </button>
      {open && (
        <ul {...menuProps} aria-label={label} className="menu post-options__menu">
          {options.map(({ label, icon, danger, onSelect }) => (
            <li role="none" key={label}>
              <button
                role="menuitem"
                type="button"
                className={`post-options__item${danger ? ' post-options__item--danger' : ''}`}
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
