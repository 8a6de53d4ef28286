import { ModalDialog, type ModalDialogProps } from '@chirp/ui';
import '@chirp/ui/styles.css';
import './feed-dialog.css';

/**
 * The feed's dialogs (a new post, an edit, a deletion to confirm): the shared modal dialog in the
 * feed's compact look, which a click outside closes too.
 */
export function FeedDialog({ title, onClose, children, className = '' }: Pick<ModalDialogProps, 'title' | 'onClose' | 'children' | 'className'>) {
  return (
    <ModalDialog title={title} onClose={onClose} className={`feed-dialog ${className}`.trim()} closeOnBackdropClick>
      {children}
    </ModalDialog>
  );
}
