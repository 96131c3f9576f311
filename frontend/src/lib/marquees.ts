/**
 * The endless bands (`animate-marquee`) move only while at least part of them is on screen. The
 * stylesheet keeps a band paused until it carries `data-in-view`, which this sets and clears; it
 * starts once the page has loaded, so that no animation frame competes with the first render, and
 * follows bands that client-side navigation adds or removes.
 */
export function runMarqueesWhileVisible(root: Element): void {
  const watched = new Set<Element>();
  const visibility = new IntersectionObserver((entries) => {
    for (const entry of entries) entry.target.toggleAttribute('data-in-view', entry.isIntersecting);
  });
  const follow = () => {
    for (const band of watched) {
      if (band.isConnected) continue;
      visibility.unobserve(band);
      watched.delete(band);
    }
    for (const band of root.querySelectorAll('.animate-marquee')) {
      if (watched.has(band)) continue;
      watched.add(band);
      visibility.observe(band);
    }
  };
  const start = () => {
    follow();
    new MutationObserver(follow).observe(root, { childList: true, subtree: true });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
