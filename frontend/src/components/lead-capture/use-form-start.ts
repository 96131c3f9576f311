import { useCallback, useRef, useState } from 'react';

/**
 * The contact form's 'form started' state (docs/product.md#contact): `markStarted` calls `onFormStart` once, on the
 * first focus of the name field; `resetStarted` arms it again after a successful send. Analytics
 * attach through `onFormStart`.
 */
export function useFormStart(onFormStart?: () => void) {
  const startedRef = useRef(false);
  const [started, setStarted] = useState(false);
  const markStarted = useCallback(() => {
    if (startedRef.current) return;
    startedRef.current = true;
    setStarted(true);
    onFormStart?.();
  }, [onFormStart]);
  const resetStarted = useCallback(() => {
    startedRef.current = false;
    setStarted(false);
  }, []);
  return { started, markStarted, resetStarted };
}
