import { data } from 'react-router-dom';
import { refusedAsSentence, type Refusable } from '@/components/admin/list-loader';
import { ApiRequestError, loadJson, pageStatusOf } from '@/lib/api';
import type { LoaderRequest } from '@/app/data-router';
import { signInAgain } from '@/lib/staff';

/** Loads a document for its editor; a refused or failed request becomes the page's status (404, 500…). */
export async function loadDocument<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiRequestError) throw data(null, { status: pageStatusOf(error) });
    throw error;
  }
}

/**
 * A detail screen's read of its record (`path` on the API): the record, or the server's sentence when it
 * refuses it with one of `refusals` (403: not the caller's, 404: unknown), which the screen shows with
 * `DocumentRefusal` instead of the record. A session that ended goes to the sign-in page.
 */
export async function loadOrRefusal<T>(
  context: unknown,
  request: LoaderRequest,
  path: string,
  refusals: readonly number[] = [403, 404],
): Promise<Refusable<T>> {
  const result = await refusedAsSentence(loadJson<T>(context, path), refusals);
  if (result.refusal !== undefined) return result;
  // No record and no refusal: the API answered 401.
  if (result.value === null) signInAgain(request);
  return { value: result.value };
}
