import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { CloseIcon } from './icons';
import './feed-dialog.css';

interface FeedDialogProps {
  title: string;
  /** Called once the dialog has closed (Escape, the Close button, a click outside, or `close()`). */
  onClose: () => void;
  /** The content; `close` closes the dialog (for example after a successful post). */
  children: (close: () => void) => ReactNode;
}

/**
 * A modal native <dialog>, open from its first render: focus moves into it (to the element marked
 * `data-autofocus`), Escape closes it, and focus goes back to what was focused before it opened.
 */
export function FeedDialog({ title, onClose, children }: FeedDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<Element | null>(null);
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    openerRef.current = document.activeElement;
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);

  const close = () => dialogRef.current?.close();
  // The content asks to close through state, so that no ref is handed to it during render.
  const [closeRequested, setCloseRequested] = useState(false);
  useEffect(() => {
    if (closeRequested) dialogRef.current?.close();
  }, [closeRequested]);

  const closed = () => {
    const opener = openerRef.current;
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className="feed-dialog"
      aria-labelledby={titleId}
      onClose={closed}
      // The dialog's own box is only ever hit outside its content (the backdrop): a click there closes it.
      onPointerDown={(event) => (pressedOnBackdrop.current = event.target === event.currentTarget)}
      onClick={(event) => {
        if (pressedOnBackdrop.current && event.target === event.currentTarget) close();
      }}
    >
      <div className="feed-dialog__content">
        <header className="feed-dialog__header">
          <h2 id={titleId} className="feed-dialog__title">
            {title}
          </h2>
          <button type="button" className="feed-dialog__close" aria-label="Close" onClick={close}>
            <CloseIcon />
          </button>
        </header>
        {children(() => setCloseRequested(true))}
      </div>
    </dialog>
  );
}
