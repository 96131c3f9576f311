/**
 * The layout rules checked in the browser, in one synchronous pass (one page.evaluate per page
 * state). Every rule works on what a visitor sees:
 *
 * - overflow: the page never scrolls sideways (`scrollingElement.scrollWidth` ≤ the viewport).
 * - clipped: a text line never runs past the box of an ancestor that clips it (`hidden`/`clip`
 *   overflow on a box that contains it: an absolutely placed box escapes unpositioned ancestors, a
 *   fixed box or the top layer escapes all), unless the clipping is the intended kind that shows an
 *   ellipsis (`text-overflow: ellipsis`, `line-clamp`). Text hidden in a scroll container is
 *   scrolled into its view first.
 * - covered: every visible text line, once scrolled into the free band of the viewport (below the
 *   sticky header, above the layers docked at the bottom that share its columns), is on top: the
 *   element at the centre of its first line is the text's element or a descendant (an element with
 *   `pointer-events: none` may let the hit through to its own ancestors; a card's "stretched link",
 *   whose transparent ::after covers the card, does not hide the text below it). A line that can
 *   never be scrolled into its band (the foot of the page under the cookie banner) is covered. A
 *   text cut short with an ellipsis is judged by the part of its line that shows.
 * - unreachable: every visible control, scrolled the same way, takes a click at the centre of its
 *   first box (the hit is the control or a descendant; no exception for pseudo-elements).
 * - layers: popovers, menus, dialogs, toasts and floating widgets lie wholly inside the viewport
 *   and are on top at their centre and just inside their four corners.
 * - floating-overlap: no two floating layers (fixed, not full-screen, not a popover, menu or modal)
 *   overlap each other.
 * - floating-covers: at the first view (scrolled to the top), a floating panel (larger than an
 *   icon button) that is not a dialog covers no text line and no control of the page.

 * With a scope (an open popover, menu or dialog), only that layer is checked where it is now: it
 * lies inside the viewport and on top, and its text and controls take the hit; the page is not
 * scrolled (the layer belongs to what opened it).
 *
 * Hidden things are not checked: `display`/`visibility`/`opacity` 0, zero-size, visually hidden
 * (clipped to a pixel for screen readers) and `aria-hidden` decoration.
 */
export interface LayoutFailure {
  rule: 'overflow' | 'clipped' | 'covered' | 'unreachable' | 'layers' | 'floating-overlap' | 'floating-covers';
  element: string;
  detail: string;
  /** Document coordinates of the element, to scroll to it for the screenshot. */
  top: number;
}

export function auditLayout(scope: string | null = null): LayoutFailure[] {
  const failures: LayoutFailure[] = [];
  const width = document.documentElement.clientWidth;
  const height = window.innerHeight;
  const root = document.scrollingElement ?? document.documentElement;

  const describe = (element: Element): string => {
    const testId = element.closest('[data-testid]')?.getAttribute('data-testid');
    const tag = element.tagName.toLowerCase();
    const label = element.getAttribute('aria-label');
    const text = (label ?? element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
    const classes = typeof element.className === 'string' ? element.className.split(/\s+/).slice(0, 3).join('.') : '';
    return `${tag}${classes ? `.${classes}` : ''}${testId ? ` in [data-testid=${testId}]` : ''} "${text}"`;
  };
  const fail = (rule: LayoutFailure['rule'], element: Element, detail: string) => {
    const rect = element.getBoundingClientRect();
    failures.push({ rule, element: describe(element), detail, top: rect.top + window.scrollY });
  };
  /** One report per element and rule is enough. */
  const unique = (list: LayoutFailure[]): LayoutFailure[] => {
    const seen = new Set<string>();
    return list.filter((failure) => {
      const key = `${failure.rule} ${failure.element}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };
  const scrollTo = (top: number) => window.scrollTo({ top, left: 0, behavior: 'instant' });

  const isHidden = (element: Element): boolean => {
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return true;
    if (element.closest('[aria-hidden="true"], [inert]')) return true;
    const rect = element.getBoundingClientRect();
    if (rect.width < 2 || rect.height < 2) return true;
    // Visually hidden for screen readers: clipped to (almost) nothing.
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.position === 'absolute' && style.clip !== 'auto' && style.clip !== '') {
        const box = node.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) return true;
      }
      if (style.clipPath === 'inset(50%)') return true;
    }
    return false;
  };
  const ownsHit = (element: Element, hit: Element | null): boolean => {
    if (!hit) return false;
    if (element === hit || element.contains(hit)) return true;
    // A label's control, or the control inside a label, is the same target for a click.
    if (element instanceof HTMLLabelElement && element.control && element.control === hit) return true;
    return getComputedStyle(element).pointerEvents === 'none' && hit.contains(element);
  };

  /**
   * A "stretched link" (a card's title link whose transparent ::after covers the card to make all of
   * it clickable) takes the hit without hiding the text below it: the point lies outside the link's
   * own boxes, inside a positioned pseudo-element that paints nothing.
   */
  const isTransparentPseudoHit = (hit: Element, x: number, y: number): boolean => {
    const inOwnBoxes = [...hit.getClientRects()].some(
      (rect) => x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom,
    );
    if (inOwnBoxes) return false;
    return ['::after', '::before'].some((pseudo) => {
      const style = getComputedStyle(hit, pseudo);
      return (
        style.content !== 'none' &&
        style.content !== 'normal' &&
        style.position === 'absolute' &&
        style.backgroundColor === 'rgba(0, 0, 0, 0)' &&
        style.backgroundImage === 'none'
      );
    });
  };

  // --- horizontal overflow: the widest element that sticks out, outermost first.
  if (!scope && root.scrollWidth > width) {
    const offenders = [...document.body.querySelectorAll('*')].filter((element) => {
      const rect = element.getBoundingClientRect();
      if (rect.right <= width + 0.5 || rect.width === 0) return false;
      const parent = element.parentElement?.getBoundingClientRect();
      return !parent || parent.right <= width + 0.5;
    });
    for (const offender of offenders.length > 0 ? offenders.slice(0, 3) : [document.body]) {
      const right = Math.round(offender.getBoundingClientRect().right);
      fail('overflow', offender, `reaches ${right}px: the page is ${root.scrollWidth}px wide in a ${width}px viewport`);
    }
  }

  // --- text elements: elements with their own non-blank text.
  const textElements: Element[] = [];
  const scopeElement = scope ? document.querySelector(scope) : null;
  if (scope && !scopeElement) return [{ rule: 'layers', element: scope, detail: 'is not open', top: 0 }];
  const walker = document.createTreeWalker(scopeElement ?? document.body, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.nodeValue &&
      node.nodeValue.trim() &&
      node.parentElement &&
      !['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'OPTION'].includes(node.parentElement.tagName)
        ? NodeFilter.FILTER_ACCEPT
        : NodeFilter.FILTER_REJECT,
  });
  const firstText = new Map<Element, Text>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement!;
    if (!firstText.has(parent)) {
      firstText.set(parent, node as Text);
      textElements.push(parent);
    }
  }
  const firstLine = (text: Text): DOMRect | null => {
    const range = document.createRange();
    range.selectNodeContents(text);
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 1 && rect.height > 1);
    return rects[0] ?? null;
  };
  /** The box that cuts a text short on purpose (`text-overflow: ellipsis`, `line-clamp`), if any. */
  const truncatingBox = (element: Element): Element | null => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.textOverflow === 'ellipsis' || (style.webkitLineClamp && style.webkitLineClamp !== 'none')) return node;
    }
    return null;
  };
  /**
   * What a visitor sees of a text's first line: a truncated text's line runs on, unseen, past its
   * ellipsis, so only the part inside the truncating box counts (its centre is where the eye goes).
   */
  const visibleFirstLine = (element: Element): DOMRect | null => {
    const line = firstLine(firstText.get(element)!);
    const truncating = truncatingBox(element);
    if (!line || !truncating) return line;
    const box = truncating.getBoundingClientRect();
    const left = Math.max(line.left, box.left);
    const right = Math.min(line.right, box.right);
    const top = Math.max(line.top, box.top);
    const bottom = Math.min(line.bottom, box.bottom);
    return right - left > 1 && bottom - top > 1 ? new DOMRect(left, top, right - left, bottom - top) : null;
  };
  /** The ancestors that clip (hidden/clip), and whether a scroll container sits between. */
  const clippingAncestor = (element: Element, line: DOMRect): Element | null => {
    // Overflow clips only the descendants it contains: past an absolutely placed box only positioned
    // (or transformed) ancestors clip it; nothing clips a fixed box or the top layer beyond itself.
    let needsPositioned = false;
    for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (node !== element) {
        const containing = style.position !== 'static' || style.transform !== 'none' || style.filter !== 'none';
        const clips = (value: string) => value === 'hidden' || value === 'clip';
        const scrolls = (value: string) => value === 'auto' || value === 'scroll';
        if (!needsPositioned || containing) {
          if (scrolls(style.overflowX) || scrolls(style.overflowY)) return null;
          if (clips(style.overflowX) || clips(style.overflowY)) {
            const box = node.getBoundingClientRect();
            const outX = clips(style.overflowX) && (line.left < box.left - 1 || line.right > box.right + 1);
            const outY = clips(style.overflowY) && (line.top < box.top - 1 || line.bottom > box.bottom + 1);
            if (outX || outY) return node;
          }
        }
        if (containing) needsPositioned = false;
      }
      if (style.position === 'fixed' || node.matches(':popover-open, :modal')) return null;
      if (style.position === 'absolute') needsPositioned = true;
    }
    return null;
  };

  /**
   * "Scrolled into view" means into the free band of the viewport above and below the item: below
   * the bars pinned to the top edge (a sticky header) and above the layers docked at the bottom
   * (the cookie banner, floating widgets) that share its columns. The page must leave room to scroll
   * its last lines into that band.
   */
  const topBars: DOMRect[] = [];
  const bottomLayers: DOMRect[] = [];
  const measureBand = () => {
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      if (style.position !== 'fixed' && style.position !== 'sticky') continue;
      if (isHidden(element)) continue;
      const rect = element.getBoundingClientRect();
      if (rect.top <= 1 && rect.bottom >= height - 1) continue;
      if (rect.top <= 1 && rect.bottom < height / 3) topBars.push(rect);
      else if (style.position === 'fixed' && rect.bottom >= height * 0.6 && rect.top > height / 3)
        bottomLayers.push(rect);
    }
  };
  const bandFor = (box: DOMRect) => {
    const sharesColumns = (rect: DOMRect) => rect.left < box.right && box.left < rect.right;
    return {
      top: Math.max(0, ...topBars.filter(sharesColumns).map((rect) => rect.bottom)),
      bottom: Math.min(height, ...bottomLayers.filter(sharesColumns).map((rect) => rect.top)),
    };
  };

  /** Where a visitor would look for it (first line of text / first box of a control), or null. */
  interface Item {
    element: Element;
    kind: 'covered' | 'unreachable';
    box: () => DOMRect | null;
  }
  const items: Item[] = [];
  for (const element of textElements) {
    if (isHidden(element)) continue;
    const line = firstLine(firstText.get(element)!);
    if (!line) continue;
    const clipper = truncatingBox(element) ? null : clippingAncestor(element, line);
    if (clipper) {
      fail('clipped', element, `text runs outside ${describe(clipper)}`);
      continue;
    }
    items.push({ element, kind: 'covered', box: () => visibleFirstLine(element) });
  }

  /** An inline element that wraps is clicked on its first line box, as a visitor would. */
  const firstBox = (element: Element): DOMRect | null =>
    [...element.getClientRects()].find((rect) => rect.width > 1 && rect.height > 1) ?? null;
  const interactiveSelector =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], [tabindex]:not([tabindex="-1"])';
  for (const element of (scopeElement ?? document).querySelectorAll(interactiveSelector)) {
    if (!isHidden(element)) items.push({ element, kind: 'unreachable', box: () => firstBox(element) });
  }

  const isInFixedLayer = (element: Element): boolean => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      if (getComputedStyle(node).position === 'fixed') return true;
    }
    return false;
  };
  /** Inside a `position: sticky` ancestor that fits in the viewport (it does not move while the page scrolls). */
  const isInStickyColumn = (element: Element): boolean => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      if (getComputedStyle(node).position === 'sticky') return node.getBoundingClientRect().height <= height;
    }
    return false;
  };
  /** Hit-tests one item where it is now; false when it is not in the viewport (nothing tested). */
  const hitTest = (item: Item, box: DOMRect): void => {
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (ownsHit(item.element, hit)) return;
    if (item.kind === 'covered' && hit && isTransparentPseudoHit(hit, x, y)) return;
    const what = hit ? describe(hit) : 'nothing';
    fail(
      item.kind,
      item.element,
      item.kind === 'covered'
        ? `its centre (${Math.round(x)}, ${Math.round(y)}) shows ${what}`
        : `a click at its centre lands on ${what}`,
    );
  };
  /** Whether the centre of the box shows through every scroll container around the element. */
  const inScrollContainerView = (element: Element, box: DOMRect) => {
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || x > width) return false;
    for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (!/(auto|scroll)/.test(style.overflowX + style.overflowY)) continue;
      const rect = node.getBoundingClientRect();
      if (x < rect.left || x > rect.right || y < rect.top || y > rect.bottom) return false;
    }
    return true;
  };

  /**
   * The page is walked in steps of a third of the viewport above its docked layers; each item is
   * tested at the first step that puts its centre in the middle half of its band (anywhere in the
   * band at the first and last step, where the page cannot scroll further). An item that never
   * reaches its band is covered. Items hidden in an inner scroll container are scrolled into its
   * view first.
   */
  if (scopeElement) {
    for (const item of items) {
      const box = item.box();
      if (box) hitTest(item, box);
    }
  } else {
    scan();
  }

  function scan() {
    measureBand();
    const step = Math.max(Math.min(...[height, ...bottomLayers.map((rect) => rect.top)]) / 3, 40);
    let pending = items;
    for (let y = 0; pending.length > 0; y += step) {
      scrollTo(y);
      const atStart = window.scrollY <= 0;
      const atEnd = window.scrollY + height >= root.scrollHeight - 1;
      const later: Item[] = [];
      for (const item of pending) {
        const box = item.box();
        if (!box) continue;
        const band = bandFor(box);
        const quarter = Math.max(band.bottom - band.top, 0) / 4;
        const zoneTop = atStart ? Math.min(band.top, 1) : band.top + quarter;
        const zoneBottom = atEnd ? band.bottom : band.bottom - quarter;
        const middle = box.top + box.height / 2;
        // Inside a fixed layer, the sticky header or a sticky column wholly on screen (the admin sidebar)
        // the item stays where it is while the page scrolls: tested at the top of the page, where it is.
        const pinned =
          atStart &&
          (middle < band.top ||
            isInFixedLayer(item.element) ||
            (isInStickyColumn(item.element) && middle >= band.top && middle <= band.bottom));
        if (!pinned && (middle < zoneTop || middle > zoneBottom)) {
          if (atEnd)
            fail(
              item.kind,
              item.element,
              `cannot be scrolled into the free part of the viewport (${Math.round(band.top)}–${Math.round(band.bottom)}px)`,
            );
          else later.push(item);
          continue;
        }
        if (!inScrollContainerView(item.element, box)) {
          const scrolled = window.scrollY;
          item.element.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
          scrollTo(scrolled);
          const moved = item.box();
          if (moved) hitTest(item, moved);
          continue;
        }
        hitTest(item, box);
      }
      pending = later;
      if (atEnd) break;
    }
    scrollTo(0);
  }
  scrollTo(0);

  // --- layers: floating elements (fixed, not full-screen) and popovers, menus, dialogs, toasts.
  const isFullScreen = (rect: DOMRect) => rect.width >= width - 1 && rect.height >= height - 1;
  const paints = (style: CSSStyleDeclaration) =>
    style.backgroundColor !== 'rgba(0, 0, 0, 0)' ||
    style.backgroundImage !== 'none' ||
    style.boxShadow !== 'none' ||
    parseFloat(style.borderTopWidth) > 0;
  /** A fixed element that paints nothing itself (a toast viewport) counts through its children. */
  const floatingBoxes = (element: Element): Element[] => {
    if (isHidden(element)) return [];
    const style = getComputedStyle(element);
    if (paints(style)) return [element];
    // Empty and unpainted (a toast viewport once its toasts are gone): nothing to see or to cover.
    if (element.children.length === 0) return element.textContent?.trim() ? [element] : [];
    return [...element.children].flatMap(floatingBoxes);
  };
  /** Fixed layers that stay up while the visitor reads on: not popovers, menus or modal dialogs. */
  const isFloating = (element: Element) => {
    const style = getComputedStyle(element);
    if (style.position !== 'fixed') return false;
    if (
      element.matches(
        '[popover], [role="menu"], [role="listbox"], [role="tooltip"], [role="alertdialog"], [aria-modal="true"]',
      )
    )
      return false;
    for (let node = element.parentElement; node; node = node.parentElement) {
      if (getComputedStyle(node).position === 'fixed') return false;
    }
    return true;
  };
  const collectLayers = () => {
    const floating = [...document.body.querySelectorAll('*')]
      .filter(isFloating)
      .flatMap(floatingBoxes)
      .filter((element) => !isFullScreen(element.getBoundingClientRect()));
    const overlays = [
      ...document.querySelectorAll(
        '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [role="tooltip"], [popover], [data-testid="team-card"], [data-testid="toast"]',
      ),
    ].filter((element) => !isHidden(element) && !isFullScreen(element.getBoundingClientRect()));
    return { floating, overlays };
  };
  const isDialog = (element: Element) => Boolean(element.closest('[role="dialog"], [role="alertdialog"]'));

  function auditLayers(layers: Element[], floating: Element[]) {
    for (const element of new Set([...floating, ...layers])) {
      const rect = element.getBoundingClientRect();
      if (rect.left < -0.5 || rect.top < -0.5 || rect.right > width + 0.5 || rect.bottom > height + 0.5) {
        fail(
          'layers',
          element,
          `box ${Math.round(rect.left)},${Math.round(rect.top)} → ${Math.round(rect.right)},${Math.round(rect.bottom)} leaves the ${width}×${height} viewport`,
        );
        continue;
      }
      const inset = Math.min(6, rect.width / 4, rect.height / 4);
      const points: [number, number][] = [
        [rect.left + rect.width / 2, rect.top + rect.height / 2],
        [rect.left + inset, rect.top + inset],
        [rect.right - inset, rect.top + inset],
        [rect.left + inset, rect.bottom - inset],
        [rect.right - inset, rect.bottom - inset],
      ];
      // Rounded corners let the page show through the very corner: test just inside the curve.
      const radius = parseFloat(getComputedStyle(element).borderTopLeftRadius) || 0;
      const curve = Math.min(radius * 0.3, rect.width / 4, rect.height / 4);
      for (const [px, py] of points.slice(1)) {
        points.push([
          px + (px < rect.left + rect.width / 2 ? curve : -curve),
          py + (py < rect.top + rect.height / 2 ? curve : -curve),
        ]);
      }
      const covered = points
        .slice(0, 1)
        .concat(points.slice(5))
        .find(([px, py]) => !element.contains(document.elementFromPoint(px, py)));
      if (covered) {
        const hit = document.elementFromPoint(covered[0], covered[1]);
        fail(
          'layers',
          element,
          `not on top at (${Math.round(covered[0])}, ${Math.round(covered[1])}): ${hit ? describe(hit) : 'nothing'} is`,
        );
      }
    }
  }
  if (scopeElement) {
    auditLayers([scopeElement], []);
    return unique(failures);
  }
  scrollTo(0);
  const firstView = collectLayers();
  auditLayers(firstView.overlays, firstView.floating);
  const overlap = (a: DOMRect, b: DOMRect) =>
    a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const floating = firstView.floating;
  for (let i = 0; i < floating.length; i += 1) {
    for (let j = i + 1; j < floating.length; j += 1) {
      if (floating[i].contains(floating[j]) || floating[j].contains(floating[i])) continue;
      if (overlap(floating[i].getBoundingClientRect(), floating[j].getBoundingClientRect())) {
        fail('floating-overlap', floating[i], `overlaps ${describe(floating[j])}`);
      }
    }
  }
  const inFloating = (element: Element) =>
    floating.some((layer) => layer.contains(element)) || firstView.overlays.some((layer) => layer.contains(element));
  // An icon-sized floating button is exempt here: the scan above already makes sure that everything
  // in its columns can be scrolled clear of it. A floating panel must cover nothing at the first view.
  const isPanel = (element: Element) => {
    const rect = element.getBoundingClientRect();
    return rect.width > 80 || rect.height > 80;
  };
  for (const layer of floating.filter(
    (element) =>
      isPanel(element) &&
      !isDialog(element) &&
      !element.matches('header, [role="banner"]') &&
      !element.closest('header'),
  )) {
    const box = layer.getBoundingClientRect();
    for (const element of textElements) {
      if (inFloating(element) || isHidden(element)) continue;
      const line = firstLine(firstText.get(element)!);
      if (line && overlap(line, box)) {
        fail('floating-covers', layer, `covers the text ${describe(element)} at the first view`);
        break;
      }
    }
    for (const element of document.querySelectorAll(interactiveSelector)) {
      if (inFloating(element) || isHidden(element)) continue;
      if (overlap(element.getBoundingClientRect(), box)) {
        fail('floating-covers', layer, `covers the control ${describe(element)} at the first view`);
        break;
      }
    }
  }

  return unique(failures);
}
