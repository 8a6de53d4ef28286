/**
 * The person's theme, a device setting rather than a session one: System (follow the device's light or dark setting), Light or Dark.
 * The choice is kept in local storage and shown as `data-theme` on <html>, which the design tokens
 * read (@chirp/ui's styles). That attribute is the one place the page holds the choice: the
 * shell's early-start script sets it from storage before the first paint, the shell and every
 * remote read it, and a choice made in another tab reaches it through the storage event.
 */
import { STORAGE_KEYS } from '@chirp/contracts';
import { useSyncExternalStore } from 'react';

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

const ATTRIBUTE = 'data-theme';

const asChoice = (value: string | null | undefined): ThemeChoice =>
  THEME_CHOICES.find((choice) => choice === value) ?? 'system';

/** The stored choice; System when none is stored, storage is unavailable, or it holds anything else. */
export function storedThemeChoice(): ThemeChoice {
  try {
    return asChoice(globalThis.localStorage?.getItem(STORAGE_KEYS.theme));
  } catch {
    return 'system';
  }
}

const showChoice = (choice: ThemeChoice) => document.documentElement.setAttribute(ATTRIBUTE, choice);

/** Applies a choice to the page and remembers it on this device. */
export function chooseTheme(choice: ThemeChoice) {
  try {
    localStorage.setItem(STORAGE_KEYS.theme, choice);
  } catch {
    // Storage refused (private mode): the choice holds for this page all the same.
  }
  showChoice(choice);
}

/**
 * Shows the stored choice (the dev server has no early-start script) and keeps showing it when
 * another tab changes or clears it. Returns the function that stops following.
 */
export function followStoredTheme(): () => void {
  showChoice(storedThemeChoice());
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.theme || event.key === null) showChoice(storedThemeChoice());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

function watchChoice(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [ATTRIBUTE] });
  return () => observer.disconnect();
}

const shownChoice = () => asChoice(document.documentElement.getAttribute(ATTRIBUTE));

/** The choice the page shows, kept up to date wherever it is made (this tab, another, another remote). */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(watchChoice, shownChoice, () => 'system');
}
