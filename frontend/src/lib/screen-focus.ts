/**
 * Focus for the screens of the admin shell (docs/product.md#admin-shell): the region marked
 * `data-screen` holds a screen's own content, without the navigation around it.
 */

const controlSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([type="hidden"]):not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

function isShown(element: HTMLElement): boolean {
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/** The screen's first control a Tab would reach, if it has one. */
export function firstControl(region: HTMLElement): HTMLElement | null {
  return [...region.querySelectorAll<HTMLElement>(controlSelector)].find(isShown) ?? null;
}

/** Makes the screen's heading focusable by script only (it never joins the Tab order) and focuses it. */
function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  // The router has already put the page where it belongs (top, or where it was on Back).
  heading.focus({ preventScroll: true });
}

/**
 * After a navigation inside the app, focus goes to the new screen's h1 (which may arrive a moment
 * later, after its data): a screen reader announces where the person now is, and Tab continues from
 * there. Answers a cancel for a navigation that is superseded first.
 */
export function focusScreenHeading(region: HTMLElement, waitMs = 5_000): () => void {
  const found = region.querySelector<HTMLElement>('h1');
  if (found) {
    focusHeading(found);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const heading = region.querySelector<HTMLElement>('h1');
    if (!heading) return;
    stop();
    focusHeading(heading);
  });
  const timer = window.setTimeout(() => stop(), waitMs);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(region, { childList: true, subtree: true });
  return stop;
}

/**
 * The page's "Skip to content" link on a screen with a marked region: focus lands on the screen's first
 * control (its heading when it has none), past the site header and the admin navigation. Answers false
 * where there is no such region (the public pages keep the link's own jump to `#main`).
 */
export function skipToScreen(): boolean {
  const region = document.querySelector<HTMLElement>('[data-screen]');
  if (!region) return false;
  const target = firstControl(region) ?? region.querySelector<HTMLElement>('h1');
  if (!target) return false;
  if (target.tagName === 'H1') focusHeading(target);
  else target.focus();
  target.scrollIntoView({ block: 'nearest' });
  return true;
}
