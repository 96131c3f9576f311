/**
 * The browser's calls, with the shared behaviour of docs/product.md#api: JSON body only when one exists,
 * credentials always included, and any non-success answer becomes an Error whose message is
 * "status: body text" (or the status text when the body is empty).
 */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiRequestError';
  }

  /** The `error` sentence of the JSON error contract, when the body carries one. */
  get serverError(): string | undefined {
    const error = this.contract()?.error;
    return typeof error === 'string' ? error : undefined;
  }

  /** The `fieldErrors` of the JSON error contract (field to sentences), when the body carries them. */
  get fieldErrors(): Record<string, string[]> | undefined {
    const fieldErrors = this.contract()?.fieldErrors;
    return fieldErrors && typeof fieldErrors === 'object' ? (fieldErrors as Record<string, string[]>) : undefined;
  }

  private contract(): { error?: unknown; fieldErrors?: unknown } | undefined {
    try {
      const parsed = JSON.parse(this.bodyText) as unknown;
      return parsed && typeof parsed === 'object' ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
}

/**
 * The page's HTTP status when a loader's read of the API fails: an address the API refuses (400:
 * a malformed slug, id, page number or search term) or does not know (404) names no page, so 404;
 * any other failure is the server's, its own 5xx or 502 when the API gave no usable answer.
 */
export function pageStatusOf(error: unknown): number {
  if (!(error instanceof ApiRequestError)) return 502;
  if (error.status === 400 || error.status === 404) return 404;
  return error.status >= 500 ? error.status : 502;
}

export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiRequestError(response.status, text, response.statusText);
  }
  return response;
}

/** The API client the server hands to route loaders: loopback HTTP to the same process (see backend/src/ssr/server-api.ts). */
export interface ServerApi {
  getJson(path: string): Promise<{ status: number; body: unknown }>;
}

export interface LoaderContext {
  serverApi?: ServerApi;
}

/**
 * GET a JSON resource from a route loader: over the server's loopback client on the server, fetch in the browser.
 * Returns null on 401 (signed out), throws ApiRequestError on any other failure.
 */
export async function loadJson<T>(context: unknown, path: string): Promise<T | null> {
  const serverApi = (context as LoaderContext | undefined)?.serverApi;
  if (serverApi) {
    const { status, body } = await serverApi.getJson(path);
    if (status === 401) return null;
    if (status < 200 || status >= 300) throw new ApiRequestError(status, JSON.stringify(body), '');
    return body as T;
  }
  const response = await fetch(path, { credentials: 'include' });
  if (response.status === 401) return null;
  if (!response.ok)
    throw new ApiRequestError(response.status, await response.text().catch(() => ''), response.statusText);
  return (await response.json()) as T;
}

/** `apiRequest` that reads the JSON answer. */
export async function requestJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  return (await (await apiRequest(method, url, body)).json()) as T;
}

/** The sentence to show for a failed call: the server's own (`error` of the contract) when it sent one. */
export function errorSentence(error: unknown): string {
  if (error instanceof ApiRequestError) return error.serverError ?? error.message;
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}
