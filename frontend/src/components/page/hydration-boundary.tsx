import { Suspense, use, useEffect, useId, type ReactNode } from 'react';

/**
 * Below-the-fold blocks of a long page hydrate after the browser has been idle (or 0.5 s), each
 * behind its own Suspense boundary: until then React keeps the server's HTML as it is (it is already
 * readable), and a click inside such a block makes React hydrate it first and replay the click. The
 * first paint and the page above the fold are never held up by the work for the rest.
 * On the server and after the first hydration (client-side navigation) nothing waits.
 */
let firstHydrationDone = typeof window === 'undefined';
let idle: Promise<void> | undefined;
const waiting = new Set<string>();
let onSettled: (() => void) | undefined;

function whenIdle(): Promise<void> {
  idle ??= new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 500 });
    else setTimeout(resolve, 300);
  });
  return idle;
}

function Deferred({ children }: { children: ReactNode }) {
  const id = useId();
  const defer = !firstHydrationDone;
  if (defer) waiting.add(id);
  useEffect(() => {
    if (!waiting.delete(id)) return;
    if (waiting.size === 0) onSettled?.();
  }, [id]);
  if (defer) use(whenIdle());
  return children;
}

export function HydrationBoundary({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Deferred>{children}</Deferred>
    </Suspense>
  );
}

/** Calls `done` once every deferred block of the first page view has hydrated. */
export function whenPageHydrated(done: () => void): void {
  firstHydrationDone = true;
  if (waiting.size === 0) done();
  else onSettled = done;
}
