/** Shown instead of a blank page when the app cannot start at all. */
export function StartupError() {
  return (
    <main className="full-page-message">
      <h1>Chirp could not start</h1>
      <p>Something went wrong while loading the app. Please reload the page.</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
