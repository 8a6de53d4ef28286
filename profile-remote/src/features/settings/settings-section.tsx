/** The parts every settings section is made of. */
import { type ReactNode, useId, useState } from 'react';

/** A card with a heading and a hint, and what the hint is about (given the hint's id, to describe its controls by). */
export function ActionSection({ title, hint, children }: { title: string; hint: string; children: (hintId: string) => ReactNode }) {
  const headingId = useId();
  const hintId = useId();
  return (
    <section className="settings__section card" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings__heading">
        {title}
      </h2>
      <p id={hintId} className="settings__empty">
        {hint}
      </p>
      {children(hintId)}
    </section>
  );
}

/** A settings form's last lines: why it was refused (tied to its fields), and its submit button. */
export function FormEnd({ problem, problemId, saving, label }: { problem: string; problemId: string; saving: boolean; label: string }) {
  return (
    <>
      {problem && (
        <p id={problemId} className="settings__problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving || undefined}>
        {label}
      </button>
    </>
  );
}

/** A list entry's undo (Unmute, Unblock): named for what it undoes, and off while its change is on its way. */
export function UndoButton({ label, name, undo }: { label: string; name: string; undo: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button"
      aria-label={name}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void undo().then(() => setBusy(false));
      }}
    >
      {label}
    </button>
  );
}
