import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { trackPageTiming, trackPageView } from '@/lib/analytics';
import { initialiseConsentMode } from '@/lib/consent';

/**
 * Sets Google Consent Mode defaults once, then records a page view on every path change with the
 * previous page, and the time spent on the page being left.
 */
export function PageViewTracker() {
  const { pathname } = useLocation();
  const previous = useRef<{ path: string; since: number } | null>(null);

  useEffect(() => {
    initialiseConsentMode();
  }, []);

  useEffect(() => {
    const last = previous.current;
    if (last?.path === pathname) return;
    if (last) trackPageTiming(last.path, Math.round((Date.now() - last.since) / 1000));
    trackPageView(pathname, last?.path ?? null);
    previous.current = { path: pathname, since: Date.now() };
  }, [pathname]);

  return null;
}
