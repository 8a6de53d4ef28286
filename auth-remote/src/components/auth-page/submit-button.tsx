import type { ReactNode, Ref } from 'react';

interface SubmitButtonProps {
  /** True while the form's call is under way: the button shows a spinner and cannot be pressed. */
  busy: boolean;
  /** Announced to screen readers while busy (the button keeps its name). */
  busyText: string;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/** The primary submit button of an auth form. Its accessible name stays the same while busy. */
export function SubmitButton({ busy, busyText, children, ref }: SubmitButtonProps) {
  return (
    <>
      <button
        ref={ref}
        type="submit"
        className="button button--primary auth-form__submit"
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy && <span className="auth-form__spinner" aria-hidden="true" />}
        {children}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {busy ? busyText : ''}
      </span>
    </>
  );
}
