import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; re-renders when it changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The phone layout (spec 2: "Mobile layout") applies below 768 px. */
export const PHONE_QUERY = '(max-width: 767.98px)';
export const usePhoneLayout = () => useMediaQuery(PHONE_QUERY);
