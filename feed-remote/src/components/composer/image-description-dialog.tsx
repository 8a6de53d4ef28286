import { MAX_IMAGE_ALT_LENGTH } from '@chirp/contracts';
import { useId, useState } from 'react';
import { FeedDialog } from '../feed-dialog';
import { DESCRIPTION_TEXTS } from './image-description-texts';

const characters = (text: string) => [...text].length;

/**
 * Asks for the description (alt text) of the composer's image: what a screen reader says for it and
 * what the enlarged image shows under it. Saving an empty one removes it; a post can go without.
 */
export function ImageDescriptionDialog({ value, onSave, onClose }: { value: string; onSave: (text: string) => void; onClose: () => void }) {
  const [text, setText] = useState(value);
  const fieldId = useId();
  const hintId = useId();
  const counterId = useId();
  const over = characters(text) > MAX_IMAGE_ALT_LENGTH;
  return (
    <FeedDialog title={DESCRIPTION_TEXTS.title} onClose={onClose} className="image-description-dialog">
      {(close) => {
        const save = () => {
          if (over) return;
          onSave(text.trim());
          close();
        };
        // Not a form of its own: the dialog opens inside the composer's form.
        return (
          <div className="image-description">
            <label htmlFor={fieldId} className="image-description__label">
              {DESCRIPTION_TEXTS.label}
            </label>
            <p id={hintId} className="image-description__hint">
              {DESCRIPTION_TEXTS.hint}
            </p>
            <textarea
              id={fieldId}
              className="text-input image-description__text"
              rows={4}
              value={text}
              aria-describedby={`${hintId} ${counterId}`}
              aria-invalid={over}
              data-autofocus
              onChange={(event) => setText(event.target.value)}
            />
            <div className="image-description__end">
              <span id={counterId} className={`image-description__counter${over ? ' image-description__counter--over' : ''}`}>
                {characters(text)}/{MAX_IMAGE_ALT_LENGTH}
              </span>
              <button type="button" className="button button--primary" disabled={over} onClick={save}>
                {DESCRIPTION_TEXTS.save}
              </button>
            </div>
          </div>
        );
      }}
    </FeedDialog>
  );
}
