import { MESSAGES } from '@chirp/contracts';
import { CheckIcon } from '@chirp/ui';
import type { Toast } from 'react-hot-toast';
import './deleted-toast.css';

interface DeletedToastProps {
  /** The toast as the page's toaster hands it over: its look (`style`) and whether it is leaving. */
  toast: Toast;
  onUndo: () => void;
}

/**
 * 'Post Deleted!' with Undo, while the deletion waits. The page's toaster draws the toasts it makes,
 * whose status would read "Post Deleted!Undo": this one is drawn here, the message alone its status
 * and the button beside it. Once leaving (the window over), it offers Undo no more.
 */
export function DeletedToast({ toast, onUndo }: DeletedToastProps) {
  return (
    <div className={`deleted-toast${toast.visible ? '' : ' deleted-toast--leaving'}`} style={toast.style}>
      <span className="deleted-toast__icon">
        <CheckIcon size={14} />
      </span>
      <span className="deleted-toast__message" role="status" aria-live="polite">
        {MESSAGES.postDeleted}
      </span>
      {toast.visible && (
        <button type="button" className="deleted-toast__undo" onClick={onUndo}>
          Undo
        </button>
      )}
    </div>
  );
}
