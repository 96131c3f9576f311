import { useEffect } from 'react';
import { limits } from '@northbeam/common';
import { analyticsEvents, trackEvent } from '@/lib/analytics';

/**
 * Service-page engagement (docs/product.md#analytics): one event after 15 seconds on the page, and the
 * time spent when the visitor leaves (navigates away, closes or hides the tab).
 */
export function useServiceEngagement(pageName: string): void {
  useEffect(() => {
    const startedAt = Date.now();
    let left = false;
    const timer = window.setTimeout(() => {
      trackEvent(analyticsEvents.servicePageEngagement, {
        page_name: pageName,
        page_type: 'service',
        engagement_type: 'engaged',
        seconds: limits.serviceEngagementSeconds,
      });
    }, limits.serviceEngagementSeconds * 1000);

    const leave = () => {
      if (left) return;
      left = true;
      trackEvent(analyticsEvents.servicePageEngagement, {
        page_name: pageName,
        page_type: 'service',
        engagement_type: 'time_spent',
        seconds: Math.round((Date.now() - startedAt) / 1000),
      });
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [pageName]);
}
