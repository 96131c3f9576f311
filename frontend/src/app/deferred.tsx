import { Suspense, type ReactNode } from 'react';
import { Await } from 'react-router-dom';
import { isServerContext } from '@/lib/server-context';

/**
 * The one shape of route data that the browser may still be waiting for. On the server a loader
 * awaits its data (so that the HTTP status is right and crawlers get the page): `{ value }`. After a
 * client-side navigation it returns at once with `{ pending }`, and the page shows its skeleton
 * until the data arrives.
 */
export type Deferred<T> = { value: T } | { pending: Promise<T> };

/**
 * Loads `load()` as a `Deferred`: awaited on the server, pending in the browser. `onServerFailure`
 * turns a failure on the server into what the loader throws (say, React Router's `data(null,
 * { status: 404 })`, which the server sends as the HTTP status); in the browser the failure reaches
 * the page's `errorElement` as it is.
 */
export async function deferInBrowser<T>(
  context: unknown,
  load: () => Promise<T>,
  onServerFailure?: (error: unknown) => unknown,
): Promise<Deferred<T>> {
  if (!isServerContext(context)) return { pending: load() };
  try {
    return { value: await load() };
  } catch (error) {
    throw onServerFailure ? onServerFailure(error) : error;
  }
}

/** The data when it is at hand (always on the server and on the first view), else undefined. */
export function deferredValue<T>(deferred: Deferred<T> | undefined): T | undefined {
  return deferred && 'value' in deferred ? deferred.value : undefined;
}

/**
 * Renders `children` with the data: directly when it is at hand, else behind `fallback` until it
 * arrives, or `errorElement` (which may read the failure with `useAsyncError`) when it fails.
 */
export function DeferredView<T>({
  data,
  fallback,
  errorElement,
  children,
}: {
  data: Deferred<T>;
  fallback: ReactNode;
  errorElement: ReactNode;
  children: (value: T) => ReactNode;
}) {
  if ('value' in data) return children(data.value);
  return (
    <Suspense fallback={fallback}>
      <Await resolve={data.pending} errorElement={errorElement}>
        {(value: T) => children(value)}
      </Await>
    </Suspense>
  );
}
