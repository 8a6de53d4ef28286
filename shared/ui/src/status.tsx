/** A loading indicator (`.spinner`), announced to screen readers by its label. */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner" role="status">
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** What failed to load, as an alert, with the Retry button that asks again. */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="retry-alert" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
