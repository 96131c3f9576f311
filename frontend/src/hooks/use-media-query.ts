import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches: null in the server's HTML and during hydration (the server cannot
 * know the screen), then the browser's answer, kept current as the window changes.
 */
export function useMediaQuery(query: string): boolean | null {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => null,
  );
}
