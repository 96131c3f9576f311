import { useCallback, useRef } from 'react';

/**
 * The contact form's 'form started' state (spec §4): `markStarted` calls `onFormStart` once, on the
 * first focus of the name field; `resetStarted` arms it again after a successful send. Analytics
 * attach through `onFormStart`.
 */
export function useFormStart(onFormStart?: () => void) {
  const started = useRef(false);
  const markStarted = useCallback(() => {
    if (started.current) return;
    started.current = true;
    onFormStart?.();
  }, [onFormStart]);
  const resetStarted = useCallback(() => {
    started.current = false;
  }, []);
  return { markStarted, resetStarted, hasStarted: () => started.current };
}
