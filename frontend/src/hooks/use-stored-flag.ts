import { useCallback, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
/** This page's copy: what holds when storage is refused (a private window's policy). */
const memory = new Map<string, boolean>();

function read(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === 'true';
  } catch {
    return memory.get(key) ?? false;
  }
}

/**
 * A yes/no preference of this browser (a UI choice, not personal data), remembered in localStorage.
 * False in the server's HTML and during hydration; every component reading the same key follows a change.
 */
export function useStoredFlag(key: string): [boolean, (value: boolean) => void] {
  const value = useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      window.addEventListener('storage', onChange);
      return () => {
        listeners.delete(onChange);
        window.removeEventListener('storage', onChange);
      };
    },
    () => read(key),
    () => false,
  );
  const set = useCallback(
    (next: boolean) => {
      memory.set(key, next);
      try {
        if (next) window.localStorage.setItem(key, 'true');
        else window.localStorage.removeItem(key);
      } catch {
        // Not remembered beyond this page: the copy in memory holds until it is left.
      }
      listeners.forEach((listener) => listener());
    },
    [key],
  );
  return [value, set];
}
