/** Where the sign-in page may send a staff member afterwards. */

const redirectBase = 'http://same-origin.invalid';

/**
 * Only same-site paths are followed after sign-in (no open redirect): a path starting with one `/`,
 * not `//` or `/\`, without control characters (a URL parser drops tabs and line breaks, so
 * `/\n/host` would become `//host`; a header cannot hold them), that resolves to this origin. The
 * answer is the path as a URL parser writes it, so it is always a valid Location.
 */
export function safeRedirectPath(value: string | null): string {
  const fallback = '/admin';
  if (!value || !/^\/(?![/\\])/.test(value) || /[\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, redirectBase);
  } catch {
    return fallback;
  }
  return url.origin === redirectBase ? url.pathname + url.search + url.hash : fallback;
}
