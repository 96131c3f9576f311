import { useEffect } from 'react';
import { whenPageHydrated } from '@/components/page/hydration-boundary';

/**
 * Marks the document once React has hydrated all of it (deferred blocks included), so that tests
 * (and tools) know the page is interactive. Rendered on the server too: the server and client trees
 * must have the same shape, or React's `useId` values (form field ids) would differ between the HTML
 * and the browser.
 */
export function HydrationMarker() {
  useEffect(() => {
    whenPageHydrated(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
  }, []);
  return null;
}
