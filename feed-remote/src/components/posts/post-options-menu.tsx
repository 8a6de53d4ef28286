import { EditIcon, MoreIcon, TrashIcon, useMenu } from '@chirp/ui';
import { type RefObject } from 'react';

interface PostOptionsMenuProps {
  onEdit: () => void;
  onDelete: () => void;
  /** The 'Post options' button, so that a dialog opened from the menu can give focus back to it. */
  buttonRef: RefObject<HTMLButtonElement | null>;
}

/** The menu of one's own post (spec 4): 'Edit Post' and 'Delete Post', usable from the keyboard. */
export function PostOptionsMenu({ onEdit, onDelete, buttonRef }: PostOptionsMenuProps) {
  const { open, close, buttonProps, menuProps } = useMenu(buttonRef);

  const choose = (action: () => void) => () => {
    close();
    action();
  };

  return (
    <div className="post-options">
      <button {...buttonProps} className="post-options__button" aria-label="Post options">
        <MoreIcon />
      </button>
      {open && (
        <ul {...menuProps} aria-label="Post options" className="menu post-options__menu">
          <li role="none">
            <button role="menuitem" type="button" className="post-options__item" onClick={choose(onEdit)}>
              <EditIcon />
              Edit Post
            </button>
          </li>
          <li role="none">
            <button
              role="menuitem"
              type="button"
              className="post-options__item post-options__item--danger"
              onClick={choose(onDelete)}
            >
              <TrashIcon />
              Delete Post
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
