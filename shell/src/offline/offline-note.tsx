import { useSyncExternalStore } from 'react';
import './offline-note.css';

export const OFFLINE_NOTE = 'You are offline. You are seeing what was loaded before; posts you write are sent when you are back online.';

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/**
 * Says so while the browser is offline. The live region is always there, so that a screen reader
 * hears the note when it appears.
 */
export function OfflineNote() {
  // The page rendered at build time, and so its first render in the browser, says nothing.
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  return (
    <div role="status" className="offline-note">
      {!online && OFFLINE_NOTE}
    </div>
  );
}
