import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@chirp/contracts';
import { chooseTheme, followStoredTheme, storedThemeChoice, useThemeChoice } from './theme-choice';

const shown = () => document.documentElement.getAttribute('data-theme');

function ShownChoice() {
  return <p>Theme: {useThemeChoice()}</p>;
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});
afterEach(() => localStorage.clear());

describe('the theme choice', () => {
  it('is System until one is made, and System for anything else stored', () => {
    expect(storedThemeChoice()).toBe('system');
    localStorage.setItem(STORAGE_KEYS.theme, 'sepia');
    expect(storedThemeChoice()).toBe('system');
  });

  it('is shown on the page and remembered on the device', () => {
    chooseTheme('dark');
    expect(shown()).toBe('dark');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    chooseTheme('system');
    expect(shown()).toBe('system');
    expect(storedThemeChoice()).toBe('system');
  });

  it('shows the stored choice at start, and one made in another tab', () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'light');
    const stop = followStoredTheme();
    expect(shown()).toBe('light');

    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.theme, newValue: 'dark' }));
    expect(shown()).toBe('dark');

    stop();
    localStorage.setItem(STORAGE_KEYS.theme, 'light');
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.theme, newValue: 'light' }));
    expect(shown()).toBe('dark');
  });

  it('is read by every component showing it, wherever it changes', async () => {
    render(<ShownChoice />);
    expect(screen.getByText('Theme: system')).toBeInTheDocument();
    // The page's attribute is what counts: the early-start script or another remote may set it.
    await act(async () => document.documentElement.setAttribute('data-theme', 'dark'));
    expect(await screen.findByText('Theme: dark')).toBeInTheDocument();
    await act(async () => chooseTheme('light'));
    expect(await screen.findByText('Theme: light')).toBeInTheDocument();
  });
});
