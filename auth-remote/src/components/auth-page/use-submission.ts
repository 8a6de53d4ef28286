import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Runs a form's call at most once at a time. `busy` drives the button; `running()` lets a submit
 * handler ignore a second Enter before React has re-rendered the disabled button.
 */
export function useSubmission() {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const focusedBefore = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (busy) return;
    const element = focusedBefore.current;
    focusedBefore.current = null;
    // A disabled button drops the focus; give it back so keyboard users keep their place.
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (element?.isConnected && focusLost) element.focus();
  }, [busy]);

  const run = useCallback(async (call: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    focusedBefore.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setBusy(true);
    try {
      await call();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);

  const running = useCallback(() => inFlight.current, []);

  return { busy, run, running };
}
