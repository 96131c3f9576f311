import type { ListPage } from '@northbeam/common';
import { ApiRequestError, errorSentence, loadJson } from '@/lib/api';
import type { LoaderRequest } from '@/app/data-router';
import { signInAgain } from '@/lib/staff';

/**
 * The filters an admin list takes from its address: each name, and for a name that only takes some
 * values, the test of a value (a value it fails is dropped, as if absent: the screen then shows all).
 */
export interface ListFilterSpec {
  names: readonly string[];
  accepts?: Readonly<Record<string, (value: string) => boolean>>;
}

/** The page number of a list address (1 when absent or not a positive whole number). */
export function pageParam(url: URL): number {
  const page = Number(url.searchParams.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The filters of a list address that are set (trimmed, non-empty) and accepted, in the order of the spec. */
export function listFilters(url: URL, spec: ListFilterSpec): [string, string][] {
  const set: [string, string][] = [];
  for (const name of spec.names) {
    const value = url.searchParams.get(name)?.trim();
    if (value && (spec.accepts?.[name]?.(value) ?? true)) set.push([name, value]);
  }
  return set;
}

/** The API query of a server-paginated list: the page and the filters the address carries. */
export function listQuery(url: URL, spec: ListFilterSpec): string {
  const query = new URLSearchParams();
  const page = pageParam(url);
  if (page > 1) query.set('page', String(page));
  for (const [name, value] of listFilters(url, spec)) query.set(name, value);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** An empty page of a list: what a screen shows under the server's refusal of its filters. */
export function emptyListPage<T>(pageSize = 15): ListPage<T> {
  return { items: [], total: 0, page: 1, pageSize };
}

export interface ListOptions {
  /** The API address of the list. */
  path: string;
  filters: ListFilterSpec;
  /** The page size of the empty page that stands in for a refused one. */
  pageSize?: number;
  /** The statuses answered with an empty page and the server's sentence (default: 400). */
  refusals?: readonly number[];
}

/** A page of a list, or the server's sentence and an empty page when it refused the filters. */
export interface ListLoad<T> {
  list: ListPage<T>;
  problem?: string;
}

/**
 * One page of an admin list, as the address asks for it: the page and filters go to the API, a
 * signed-out answer goes to the sign-in page. The server's refusal of the filters (400, and 403 where
 * `refusals` names it) gives its sentence and an empty page; with `screenRefusal` a 403 gives no page
 * at all (the screen shows only the sentence). Anything else is thrown.
 */
export async function loadListPage<T>(
  context: unknown,
  request: LoaderRequest,
  options: ListOptions & { screenRefusal: true },
): Promise<ListLoad<T> | { list: null; problem: string }>;
export async function loadListPage<T>(
  context: unknown,
  request: LoaderRequest,
  options: ListOptions,
): Promise<ListLoad<T>>;
export async function loadListPage<T>(
  context: unknown,
  request: LoaderRequest,
  options: ListOptions & { screenRefusal?: boolean },
): Promise<ListLoad<T> | { list: null; problem: string }> {
  const { path, filters, pageSize, refusals = [400], screenRefusal = false } = options;
  let list: ListPage<T> | null;
  try {
    list = await loadJson<ListPage<T>>(context, `${path}${listQuery(new URL(request.url), filters)}`);
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    if (screenRefusal && error.status === 403) return { list: null, problem: errorSentence(error) };
    if (refusals.includes(error.status)) return { list: emptyListPage<T>(pageSize), problem: errorSentence(error) };
    throw error;
  }
  if (!list) signInAgain(request);
  return { list };
}

/** What a loader read, or the server's sentence when it refused it (`refusedAsSentence`). */
export type Refusable<T> = { value: T; refusal?: undefined } | { value: null; refusal: string };

/**
 * A loader's read of a detail or report, or, when the server refuses it with one of `refusals` (403: not
 * the caller's, 404: unknown, 400: filters it does not accept), its sentence for the screen to show in
 * place of it. Anything else is thrown.
 */
export function refusedAsSentence<T>(call: Promise<T>, refusals: readonly number[]): Promise<Refusable<T>> {
  return call.then(
    (value): Refusable<T> => ({ value }),
    (error: unknown) => {
      if (error instanceof ApiRequestError && refusals.includes(error.status))
        return { value: null, refusal: errorSentence(error) };
      throw error;
    },
  );
}

/** A side call of a list loader (counts, a staff list): null when the server refuses it with one of `refusals`. */
export function refusedAsNull<T>(call: Promise<T>, refusals: readonly number[] = [400]): Promise<T | null> {
  return call.catch((error: unknown) => {
    if (error instanceof ApiRequestError && refusals.includes(error.status)) return null;
    throw error;
  });
}
