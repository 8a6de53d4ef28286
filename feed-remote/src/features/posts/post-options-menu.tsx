import { EditIcon, MoreIcon, TrashIcon } from '@chirp/shared';
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';

interface PostOptionsMenuProps {
  onEdit: () => void;
  onDelete: () => void;
  /** While the post is being deleted the menu cannot be opened again. */
  busy: boolean;
  /** The 'Post options' button, so that a dialog opened from the menu can give focus back to it. */
  buttonRef: RefObject<HTMLButtonElement | null>;
}

/** The menu of one's own post (spec 4): 'Edit Post' and 'Delete Post', usable from the keyboard. */
export function PostOptionsMenu({ onEdit, onDelete, busy, buttonRef }: PostOptionsMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const menuRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const closeOnOutsidePointer = (event: PointerEvent) => {
      const root = menuRef.current?.parentElement;
      if (root && !root.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  const closeMenu = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (position: number) => items[(position + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        closeMenu();
        break;
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index + (event.key === 'ArrowDown' ? 1 : -1));
        break;
      case 'Home':
      case 'End':
        event.preventDefault();
        focusAt(event.key === 'Home' ? 0 : -1);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <div className="post-options">
      <button
        ref={buttonRef}
        type="button"
        className="post-options__button"
        aria-label="Post options"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={busy}
        onClick={() => setOpen((value) => !value)}
      >
        <MoreIcon />
      </button>
      {open && (
        <ul id={menuId} ref={menuRef} role="menu" aria-label="Post options" className="menu post-options__menu" onKeyDown={onMenuKeyDown}>
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
