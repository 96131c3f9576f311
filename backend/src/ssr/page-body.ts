/** The address a page is rendered for and the bytes it is sent as: pure functions of the SSR bridge. */
import { documentSlots, type PageRenderer } from '@northbeam/common';

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

/** The document Vike rendered once, cut at its slots, and the page renderer it came with. */
export interface DocumentFrame {
  /** The frame's bytes around the slots: before the head's tags, before the app, before the hydration data, after it. */
  readonly parts: readonly [Buffer, Buffer, Buffer, Buffer];
  readonly render: PageRenderer;
}

/**
 * Cuts Vike's document (its module preloads left out) at the three slots, in their order. A
 * document without them is a front end built from other sources than this back end: an error at
 * start, not a page.
 */
export function documentFrame(document: string, render: PageRenderer): DocumentFrame {
  const html = withoutModulePreloads(document);
  const parts: Buffer[] = [];
  let from = 0;
  for (const slot of documentSlots) {
    const at = html.indexOf(slot, from);
    if (at === -1) throw new Error(`The front end's document has no ${slot} slot: rebuild the front end.`);
    parts.push(Buffer.from(html.slice(from, at), 'utf8'));
    from = at + slot.length;
  }
  parts.push(Buffer.from(html.slice(from), 'utf8'));
  return { parts: parts as [Buffer, Buffer, Buffer, Buffer], render };
}

/** A page's bytes: the frame with the page's parts in its slots (UTF-8 throughout). */
export function assemblePage(frame: DocumentFrame, page: { head: string; app: Uint8Array; hydration: string }): Buffer {
  const [beforeHead, beforeApp, beforeHydration, after] = frame.parts;
  return Buffer.concat([
    beforeHead,
    Buffer.from(page.head, 'utf8'),
    beforeApp,
    page.app,
    beforeHydration,
    Buffer.from(page.hydration, 'utf8'),
    after,
  ]);
}
