import { isAdminPath, trackPageTiming, trackPageView } from './analytics';

let current: { path: string; since: number } | null = null;

/**
 * Records the page view of `path` once, when the page's own title is in `document.title`: the head
 * sync calls it for a page whose head is final, `useDocumentTitle` for one whose data arrived after
 * the route. The view carries the previous page; the page left gets its time on page. Admin screens
 * record nothing (docs/product.md#analytics).
 */
export function recordPageView(path: string): void {
  if (current?.path === path) return;
  if (isAdminPath(path)) {
    current = null;
    return;
  }
  if (current) trackPageTiming(current.path, Math.round((Date.now() - current.since) / 1000));
  trackPageView(path, current?.path ?? null);
  current = { path, since: Date.now() };
}
