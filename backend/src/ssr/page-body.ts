/** The address a page is rendered for and the bytes it is sent as: pure functions of the SSR bridge. */

/** Vike would redirect `/about/` to `/about`; both must render (docs/product.md#frame), so normalise first. */
function withoutTrailingSlash(url: string): string {
  const [pathname, ...query] = url.split('?');
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return [trimmed, ...query].join('?');
}

/**
 * The address a page is rendered (and cached) for: the request target's path and query, relative to
 * this origin. An absolute-form target (`GET http://host/path HTTP/1.1`) gives its path and query,
 * never its host; a target of any other form names no page (null).
 */
export function pageAddress(target: string): string | null {
  if (target.startsWith('/')) return withoutTrailingSlash(target);
  if (!/^https?:\/\//i.test(target)) return null;
  try {
    const url = new URL(target);
    return withoutTrailingSlash(url.pathname + url.search);
  } catch {
    return null;
  }
}

/**
 * Vike lists every chunk behind the entry script as `<link rel="modulepreload">` at the end of the
 * body. On a slow connection those 150 KiB would share the bandwidth with the stylesheet and fonts
 * that the first paint needs, so they are left out: the page is readable without JavaScript, and the
 * entry script (async) fetches what it imports, so hydration follows the first paint instead of
 * delaying it. (Vike's injectFilter could drop them too, but warns about it on every process start.)
 */
export function withoutModulePreloads(html: string): string {
  const first = html.indexOf('<link rel="modulepreload"');
  if (first === -1) return html;
  return html.slice(0, first) + html.slice(first).replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
}

/**
 * The page as bytes: Vike's document (a small string, its module preloads left out) with the
 * application's HTML, rendered to bytes by +onRenderHtml, spliced in at its marker.
 */
export function pageBody(document: string, appHtml?: Buffer, marker?: string): Buffer {
  const html = withoutModulePreloads(document);
  const at = marker ? html.indexOf(marker) : -1;
  if (!appHtml || !marker || at === -1) return Buffer.from(html, 'utf8');
  return Buffer.concat([
    Buffer.from(html.slice(0, at), 'utf8'),
    appHtml,
    Buffer.from(html.slice(at + marker.length), 'utf8'),
  ]);
}
