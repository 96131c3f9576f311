import type { LoaderContext } from './api';

/** True when a loader runs on the server (it then has the server's loopback API client). */
export function isServerContext(context: unknown): boolean {
  return Boolean((context as LoaderContext | undefined)?.serverApi);
}
