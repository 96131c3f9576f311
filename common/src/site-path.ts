/**
 * Paths on this site, judged the way a browser reads them. A browser resolves a link, an image
 * address or a Location header against the page's address (the WHATWG URL rules): it drops tabs and
 * line breaks, reads `\` as `/`, reads `%2e` as a dot in `.` and `..` segments and resolves them,
 * and reads anything that then starts with `//` as the address of another host. So a value is a
 * path on this site only if, after that resolution, it is still on this origin and its resolved form
 * read once more lands on the same address. A server or a proxy may decode the path once more, so
 * the percent-decoded value must pass as well (`/%5Cevil.example` is `/\evil.example` there).
 */

/** The WHATWG URL parser: a global of browsers and Node (common's build declares no platform). */
declare const URL: new (
  input: string,
  base?: string,
) => { href: string; origin: string; pathname: string; search: string; hash: string };

const probeOrigin = 'https://site-path.invalid';

/** C0 controls and DEL: a URL parser drops tabs and line breaks, so `/\n/host` would be `//host`. */
const controlCharacter = /[\u0000-\u001f\u007f]/;

function resolvedOnce(value: string): string | null {
  if (!value.startsWith('/') || controlCharacter.test(value)) return null;
  let url;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return null;
  }
  if (url.origin !== probeOrigin) return null;
  const path = url.pathname + url.search + url.hash;
  // The written form, read again, must be the same address: `/a/..//host` resolves to `//host`.
  let again;
  try {
    again = new URL(path, probeOrigin);
  } catch {
    return null;
  }
  return again.href === url.href ? path : null;
}

/**
 * `value` as the path on this site that a browser would go to (pathname, query and fragment, as a
 * URL parser writes them, so always a valid Location), or null when it is not a path on this site:
 * it does not start with `/`, holds a control character, or resolves (as written or once
 * percent-decoded) to another host. The rule of every field and parameter that takes a site path.
 */
export function resolveSitePath(value: string): string | null {
  const path = resolvedOnce(value);
  if (path === null) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  return decoded === value || resolvedOnce(decoded) !== null ? path : null;
}

/** Whether `value` is a path on this site (see {@link resolveSitePath}). */
export function isSitePath(value: string): boolean {
  return resolveSitePath(value) !== null;
}

/** Where a staff member goes after sign-in when the requested place is missing or not on this site. */
export const signInFallbackPath = '/admin';

/**
 * Where the sign-in page sends a staff member afterwards: the `redirect` parameter resolved as a
 * site path, or {@link signInFallbackPath} (no open redirect). Every place that follows a
 * post-sign-in redirect goes through here.
 */
export function postSignInPath(redirect: string | null | undefined): string {
  return (redirect && resolveSitePath(redirect)) || signInFallbackPath;
}
