import { type KeyboardEvent, type MouseEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { CloseIcon } from './icons';
import './modal-dialog.css';

const FOCUSABLE = [
  'a[href]',
  'button:not(:disabled)',
  'input:not(:disabled)',
  'textarea:not(:disabled)',
  'select:not(:disabled)',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The backdrop belongs to the <dialog> element itself: a hit on it lies outside the dialog's box. */
function isOnBackdrop(event: MouseEvent<HTMLDialogElement>): boolean {
  if (event.target !== event.currentTarget) return false;
  const box = event.currentTarget.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}

export interface ModalDialogProps {
  /** The dialog's heading (an h2) and accessible name. */
  title: string;
  /** Called once the dialog has closed (Escape, the Close button, a click outside, or `close`). */
  onClose: () => void;
  /** The body; `close` closes the dialog the same way Escape does. */
  children: (close: () => void) => ReactNode;
  /** Added to the <dialog>'s class, for the dialog's own size and look. */
  className?: string;
  /** A click on the backdrop closes the dialog too. */
  closeOnBackdropClick?: boolean;
}

/**
 * Focus leaves a closed dialog for whatever opened it, as long as that is still on the page; when
 * nothing had focus then (a dialog loaded after the menu that asked for it closed), it goes to the
 * page, and whoever closes the dialog says where. Focus the person has moved elsewhere since stays.
 */
function giveFocusBack(dialog: HTMLDialogElement, opener: Element | null) {
  const page = dialog.ownerDocument;
  const active = page.activeElement;
  if (active && active !== page.body && !dialog.contains(active)) return;
  if (opener instanceof HTMLElement && opener !== page.body && opener.isConnected) opener.focus();
  else if (active instanceof HTMLElement && active !== page.body) active.blur();
}

/**
 * A native modal <dialog>, open while mounted: the browser makes the page behind it inert and closes
 * it on Escape. Focus moves in (to the element marked `data-autofocus`, if any), stays in, and goes
 * back as it closes (`giveFocusBack`).
 */
export function ModalDialog({
  title,
  onClose,
  children,
  className = '',
  closeOnBackdropClick = false,
}: ModalDialogProps) {
  // Kept in state (not a ref) because the body receives `close`, which needs the element.
  const [dialog, setDialog] = useState<HTMLDialogElement | null>(null);
  const titleId = useId();
  // Read during the first render, before showModal moves focus into the dialog.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    // StrictMode runs this twice: only the first run opens it (a second showModal would throw).
    if (dialog && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    return () => {
      if (dialog) giveFocusBack(dialog, opener);
    };
  }, [dialog, opener]);

  const close = useCallback(() => {
    if (!dialog) return;
    dialog.close();
    // The close event comes a moment later: focus leaves the closed dialog now.
    giveFocusBack(dialog, opener);
  }, [dialog, opener]);

  // A modal dialog makes the page inert, but Tab would still leave for the browser's own toolbar.
  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => !element.closest('[hidden]'),
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={setDialog}
      className={`modal-dialog ${className}`.trim()}
      aria-labelledby={titleId}
      onClose={() => {
        // Before the page takes the dialog away (a render later), so that no key goes to a field
        // inside it that is no longer shown. Escape closes it a moment before this event comes:
        // the page's shortcuts take a key pressed in between as theirs.
        if (dialog) giveFocusBack(dialog, opener);
        onClose();
      }}
      onKeyDown={keepFocusInside}
      // A press that starts inside (selecting text, say) and ends outside is not a click on the
      // backdrop; nor is one on the dialog's own box between its parts (a margin).
      onPointerDown={(event) => (pressedOnBackdrop.current = isOnBackdrop(event))}
      onClick={(event) => {
        if (closeOnBackdropClick && pressedOnBackdrop.current && isOnBackdrop(event)) close();
      }}
    >
      <div className="modal-dialog__header">
        <h2 id={titleId} className="modal-dialog__title">
          {title}
        </h2>
        <button type="button" className="modal-dialog__close" aria-label="Close" onClick={close}>
          <CloseIcon />
        </button>
      </div>
      <div className="modal-dialog__body">{children(close)}</div>
    </dialog>
  );
}
