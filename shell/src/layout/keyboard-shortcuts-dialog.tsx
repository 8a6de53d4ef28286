import { ModalDialog } from '@chirp/ui';
import { Fragment } from 'react';

/** The shortcuts, as the Keyboard shortcuts dialog lists them: the keys pressed in turn, and what they do. */
export const SHORTCUTS: { keys: string[]; action: string }[] = [
  { keys: ['j'], action: 'Next post' },
  { keys: ['k'], action: 'Previous post' },
  { keys: ['l'], action: 'Like the post' },
  { keys: ['b'], action: 'Bookmark the post' },
  { keys: ['r'], action: 'Reply to the post' },
  { keys: ['Enter'], action: 'Open the post' },
  { keys: ['n'], action: 'New post' },
  { keys: ['/'], action: 'Search' },
  { keys: ['g', 'h'], action: 'Go home' },
  { keys: ['g', 'n'], action: 'Go to notifications' },
  { keys: ['?'], action: 'Show keyboard shortcuts' },
];

/** The list of shortcuts, in a dialog: `?` opens it, and the sidebar's Keyboard shortcuts button. */
export default function KeyboardShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog title="Keyboard shortcuts" onClose={onClose} className="shortcuts-dialog" closeOnBackdropClick>
      {() => (
        <dl className="shortcuts">
          {SHORTCUTS.map(({ keys, action }) => (
            <div key={action} className="shortcuts__row">
              <dt className="shortcuts__keys">
                {keys.map((key, index) => (
                  <Fragment key={key}>
                    {index > 0 && ' then '}
                    <kbd>{key}</kbd>
                  </Fragment>
                ))}
              </dt>
              <dd className="shortcuts__action">{action}</dd>
            </div>
          ))}
        </dl>
      )}
    </ModalDialog>
  );
}
