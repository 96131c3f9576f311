import { useEffect, useEffectEvent } from 'react';

/** How long typing must pause before a search asks the server. */
const searchPauseMs = 350;

/**
 * A search the server answers: `find` runs with the trimmed text once typing pauses, and `found`
 * receives its answer unless a newer search has started since. A failed search changes nothing.
 */
export function useServerSearch<T>(search: string, find: (text: string) => Promise<T>, found: (result: T) => void) {
  // Only a change of the text starts a search; the callbacks are the latest render's.
  const onFind = useEffectEvent(find);
  const onFound = useEffectEvent(found);
  useEffect(() => {
    const text = search.trim();
    let current = true;
    const timer = setTimeout(() => {
      onFind(text).then(
        (result) => {
          if (current) onFound(result);
        },
        () => undefined,
      );
    }, searchPauseMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [search]);
}
