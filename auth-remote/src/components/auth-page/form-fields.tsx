import { EyeIcon, EyeOffIcon } from '@chirp/ui';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>;

interface FieldProps extends InputProps {
  /** The visible label, which is also the field's accessible name. */
  label: string;
  /** A short help text under the field, read out with it. */
  hint?: string;
  /** What is wrong with the value: shown under the field, which is then marked invalid. */
  error?: string;
}

interface FieldIds {
  id: string;
  /** The ids of the hint and the error shown, for the control's `aria-describedby`. */
  describedBy?: string;
}

/** The attributes that tie a control to its hint and error. */
const describedControl = ({ id, describedBy }: FieldIds, error?: string) => ({
  id,
  'aria-describedby': describedBy,
  'aria-invalid': error ? true : undefined,
});

/** Label, control and hint of one field; `children` renders the control with the given ids. */
function Field({
  label,
  hint,
  error,
  className,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  children: (ids: FieldIds) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['auth-field', className].filter(Boolean).join(' ')}>
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy })}
      {error && (
        <p id={errorId} className="auth-field__error">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="auth-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A labelled text (or email) input of the auth forms. */
export function TextField({ label, hint, error, className, type = 'text', ...inputProps }: FieldProps & { type?: 'text' | 'email' }) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(ids) => <input type={type} className="auth-field__input" {...describedControl(ids, error)} {...inputProps} />}
    </Field>
  );
}

/**
 * A password input with a show/hide toggle. The toggle is named by its (hidden) text rather than
 * `aria-label`, so looking the field up by its label ("Password") finds only the input.
 */
export function PasswordField({ label, hint, error, className, ...inputProps }: FieldProps) {
  const [shown, setShown] = useState(false);
  const toggleName = `${shown ? 'Hide' : 'Show'} ${label.toLowerCase()}`;
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(ids) => (
        <div className="auth-field__control">
          <input
            {...describedControl(ids, error)}
            type={shown ? 'text' : 'password'}
            className="auth-field__input auth-field__input--with-toggle"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            {...inputProps}
          />
          <button
            type="button"
            className="auth-field__toggle"
            aria-controls={ids.id}
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
