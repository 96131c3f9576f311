import { useEffect, useEffectEvent, useRef } from 'react';

/** How long typing must pause before a search asks the server. */
const searchPauseMs = 350;

/**
 * A search the server answers: `find` runs with the trimmed text once typing pauses, and `found`
 * receives its answer unless a newer search has started since. A failed search changes nothing.
 * The first text is not searched: the caller already shows what it finds (its loader's first page),
 * and an answer arriving after the person has paged on ("More templates") would put them back.
 */
export function useServerSearch<T>(search: string, find: (text: string) => Promise<T>, found: (result: T) => void) {
  // Only a change of the text starts a search; the callbacks are the latest render's.
  const onFind = useEffectEvent(find);
  const onFound = useEffectEvent(found);
  const searched = useRef(search.trim());
  useEffect(() => {
    const text = search.trim();
    if (text === searched.current) return;
    let current = true;
    const timer = setTimeout(() => {
      searched.current = text;
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
