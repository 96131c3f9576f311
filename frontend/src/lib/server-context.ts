import type { LoaderContext } from './api';

/** True when a loader runs on the server (it then has the in-process API). */
export function isServerContext(context: unknown): boolean {
  return Boolean((context as LoaderContext | undefined)?.serverApi);
}
