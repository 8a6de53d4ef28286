import { EyeIcon, EyeOffIcon } from '@chirp/ui';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>;

interface FieldProps extends InputProps {
  /** The visible label, which is also the field's accessible name. */
  label: string;
  /** A short help text under the field, read out with it. */
  hint?: string;
}

/** Label, control and hint of one field; `children` renders the control with the given ids. */
function Field({
  label,
  hint,
  className,
  children,
}: {
  label: string;
  hint?: string;
  className?: string;
  children: (ids: { id: string; hintId?: string }) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={['auth-field', className].filter(Boolean).join(' ')}>
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, hintId })}
      {hint && (
        <p id={hintId} className="auth-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A labelled text (or email) input of the auth forms. */
export function TextField({ label, hint, className, type = 'text', ...inputProps }: FieldProps & { type?: 'text' | 'email' }) {
  return (
    <Field label={label} hint={hint} className={className}>
      {({ id, hintId }) => (
        <input id={id} type={type} className="auth-field__input" aria-describedby={hintId} {...inputProps} />
      )}
    </Field>
  );
}

/**
 * A password input with a show/hide toggle. The toggle is named by its (hidden) text rather than
 * `aria-label`, so looking the field up by its label ("Password") finds only the input.
 */
export function PasswordField({ label, hint, className, ...inputProps }: FieldProps) {
  const [shown, setShown] = useState(false);
  const toggleName = `${shown ? 'Hide' : 'Show'} ${label.toLowerCase()}`;
  return (
    <Field label={label} hint={hint} className={className}>
      {({ id, hintId }) => (
        <div className="auth-field__control">
          <input
            id={id}
            type={shown ? 'text' : 'password'}
            className="auth-field__input auth-field__input--with-toggle"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            aria-describedby={hintId}
            {...inputProps}
          />
          <button
            type="button"
            className="auth-field__toggle"
            aria-controls={id}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? <EyeOffIcon /> : <EyeIcon />}
            <span className="visually-hidden">{toggleName}</span>
          </button>
        </div>
      )}
    </Field>
  );
}

/** Moves the focus to the form's field with this `name`, where the person has to act next. */
export function focusField(form: HTMLFormElement, name: string) {
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
}
