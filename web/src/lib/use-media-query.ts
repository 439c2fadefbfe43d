import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, following changes. On the server (and with no matchMedia) it never does;
 * preact/compat ignores useSyncExternalStore's server snapshot, so the check of `window` is made here.
 */
export function useMediaQuery(query: string): boolean {
  const matches = () =>
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(query).matches;
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    matches,
    () => false,
  );
}

export const DESKTOP_QUERY = '(min-width: 900px)';
