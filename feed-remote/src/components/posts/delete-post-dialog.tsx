import { FeedDialog } from '../feed-dialog';
import './delete-post-dialog.css';

interface DeletePostDialogProps {
  /** The person confirmed: the post is to go. */
  onDelete: () => void;
  /** Called once the dialog has closed, whichever way. */
  onClose: () => void;
}

/**
 * 'Delete Post' asks first. Focus starts on Cancel, the choice that changes nothing, so an Enter
 * pressed out of habit deletes nothing; Escape or a click outside cancel too.
 */
export function DeletePostDialog({ onDelete, onClose }: DeletePostDialogProps) {
  return (
    <FeedDialog title="Delete post?" onClose={onClose} className="delete-post">
      {(close) => (
        <>
          <p className="delete-post__text">This removes the post from Chirp.</p>
          <div className="delete-post__actions">
            <button
              type="button"
              className="button delete-post__delete"
              onClick={() => {
                close();
                onDelete();
              }}
            >
              Delete
            </button>
            <button type="button" className="button" onClick={close} data-autofocus>
              Cancel
            </button>
          </div>
        </>
      )}
    </FeedDialog>
  );
}
