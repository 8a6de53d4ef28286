import { type KeyboardEvent, type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';

/** A menu's own items, in order (not those of a submenu inside it). */
export const menuItems = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>(':scope > li > [role="menuitem"], :scope > li > [role="menuitemradio"]') ?? []),
];

/**
 * ArrowDown/ArrowUp round a menu's items, Home/End to the first/last; whether the key was one of
 * these (it is then handled).
 */
export function moveAmongItems(event: KeyboardEvent<HTMLElement>, menu: HTMLElement | null): boolean {
  const items = menuItems(menu);
  const index = items.indexOf(document.activeElement as HTMLElement);
  const focusAt = (position: number) => items[(position + items.length) % items.length]?.focus();
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp':
      focusAt(index + (event.key === 'ArrowDown' ? 1 : -1));
      break;
    case 'Home':
    case 'End':
      focusAt(event.key === 'Home' ? 0 : -1);
      break;
    default:
      return false;
  }
  event.preventDefault();
  return true;
}

/**
 * A menu button's behaviour (WAI-ARIA menu button pattern): the button toggles the menu; the menu
 * opens with its first item focused; ArrowDown/ArrowUp move round the items, Home/End go to the
 * first/last; Escape closes it and gives focus back to the button; Tab or a pointer outside closes
 * it. The caller renders the button and the `role="menu"` list, spreading the props given here.
 * The items are the list's own (`menuitem`, `menuitemradio`): a submenu's items are the submenu's.
 * A menu of choices opens on the one checked.
 */
export function useMenu(buttonRef: RefObject<HTMLButtonElement | null>) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const menuRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    const items = menuItems(menuRef.current);
    (items.find((item) => item.getAttribute('aria-checked') === 'true') ?? items[0])?.focus();
    const closeOnOutsidePointer = (event: PointerEvent) => {
      const root = menuRef.current?.parentElement;
      if (root && !root.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  const close = useCallback(() => setOpen(false), []);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (moveAmongItems(event, menuRef.current)) return;
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        setOpen(false);
        buttonRef.current?.focus();
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  return {
    open,
    /** Closes the menu (after a choice), leaving focus where the choice puts it. */
    close,
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: () => setOpen((value) => !value),
    },
    menuProps: { id: menuId, ref: menuRef, role: 'menu', onKeyDown },
  };
}
