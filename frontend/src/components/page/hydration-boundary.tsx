import { Suspense, type ReactNode } from 'react';

/**
 * A Suspense boundary around a block of server-rendered HTML. React hydrates each boundary as its
 * own unit of work and yields to the browser in between, so a long page is not made interactive in
 * one long task (and input in one part is handled before the rest is hydrated). Nothing suspends
 * inside, so the server output and client navigation are unchanged.
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
