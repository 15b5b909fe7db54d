import { useSyncExternalStore } from 'react';
import { darkTheme, lightTheme } from './themes.css';

/** The seller's choice in the user menu; System follows the device's light or dark setting. */
export const themePreferences = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof themePreferences)[number];
export type ColorScheme = 'light' | 'dark';

/** Also read by app/public/theme.js, which applies the choice before the first paint. */
export const THEME_STORAGE_KEY = 'hub.theme';

const isThemePreference = (value: unknown): value is ThemePreference =>
  typeof value === 'string' && (themePreferences as readonly string[]).includes(value);

export function readThemePreference(): ThemePreference {
  try {
    const saved = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemePreference(saved) ? saved : 'system';
  } catch {
    // Storage refused (private mode, policy): the system setting it is.
    return 'system';
  }
}

const systemIsDark = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;

export function resolveColorScheme(preference: ThemePreference): ColorScheme {
  if (preference === 'system') return systemIsDark() ? 'dark' : 'light';
  return preference;
}

/** Puts the theme on <html>, so portalled dialogs, menus and toasts see it too. */
export function applyThemePreference(preference: ThemePreference, root: HTMLElement = document.documentElement): void {
  const scheme = resolveColorScheme(preference);
  root.classList.toggle(darkTheme, scheme === 'dark');
  root.classList.toggle(lightTheme, scheme === 'light');
  root.dataset.theme = scheme;
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Saves the choice and applies it at once. */
export function setThemePreference(preference: ThemePreference): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Not saved; it still applies for this visit.
  }
  applyThemePreference(preference);
  notify();
}

/**
 * Applies the saved choice and keeps following it: the system setting while the choice is
 * System, and a choice made in another tab. Returns the function that stops following.
 */
export function followThemePreference(): () => void {
  applyThemePreference(readThemePreference());
  const onSystemChange = () => {
    if (readThemePreference() === 'system') applyThemePreference('system');
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    applyThemePreference(readThemePreference());
    notify();
  };
  const query = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  query?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    query?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The saved choice and the way to change it, for the user menu's theme switch. */
export function useThemePreference(): [ThemePreference, (preference: ThemePreference) => void] {
  const preference = useSyncExternalStore(subscribe, readThemePreference, () => 'system' as const);
  return [preference, setThemePreference];
}
