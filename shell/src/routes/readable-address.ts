/**
 * An address whose path holds an escape that does not decode (a link cut inside one: `%E0%A4` of a
 * three-byte character, or a stray `%`) cannot be read by the router, which warns at every match, nor
 * by anything that decodes a part of it. Each run of escapes that does not decode is kept as text
 * instead (its `%` written `%25`), so the page says what it says of any unknown address.
 */
export function readablePath(path: string): string {
  return decodes(path) ? path : path.replace(/(?:%[0-9A-Fa-f]{2})+|%/g, (run) => (decodes(run) ? run : run.replaceAll('%', '%25')));
}

/**
 * Whether `text` decodes. The decoded text is compared, not dropped: a minifier takes
 * decodeURIComponent for a call without effects and removed it from a bare `try`, throw and all.
 */
function decodes(text: string): boolean {
  try {
    return decodeURIComponent(text) !== null;
  } catch {
    return false;
  }
}

/** Rewrites the page's address in place (no new history entry) when its path does not decode. */
export function makeAddressReadable(location: Location = window.location, history: History = window.history): void {
  const path = readablePath(location.pathname);
  if (path !== location.pathname) history.replaceState(history.state, '', `${path}${location.search}${location.hash}`);
}
