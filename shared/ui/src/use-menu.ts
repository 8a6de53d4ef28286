import { type KeyboardEvent, type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';

/**
 * A menu button's behaviour (WAI-ARIA menu button pattern): the button toggles the menu; the menu
 * opens with its first item focused; ArrowDown/ArrowUp move round the items, Home/End go to the
 * first/last; Escape closes it and gives focus back to the button; Tab or a pointer outside closes
 * it. The caller renders the button and the `role="menu"` list, spreading the props given here.
 */
export function useMenu(buttonRef: RefObject<HTMLButtonElement | null>) {
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

  const close = useCallback(() => setOpen(false), []);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (position: number) => items[(position + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        setOpen(false);
        buttonRef.current?.focus();
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
