import { lazy, Suspense, useEffect, useState } from 'react';
import { limits } from '@northbeam/common';
import { onOpenCookieSettings, readConsent } from '@/lib/consent';

/** The banner's heading (focusable): where the "Skip to cookie choices" link lands. */
export const cookieBannerTitleId = 'cookie-banner-title';

const CookieBannerPanel = lazy(() => import('./cookie-banner-panel'));

interface Opening {
  key: number;
  reopened: boolean;
  returnFocus: HTMLElement | null;
}

/**
 * The cookie banner (docs/product.md#analytics): hidden at first, shown 1.5 s after load when no
 * (current-version) consent is stored; reopened by the footer's 'Cookie settings' button. Only this
 * small shell is in every page's bundle; the banner itself loads when it is first shown.
 */
export function CookieBanner() {
  const [opening, setOpening] = useState<Opening | null>(null);

  useEffect(() => {
    const timer = readConsent()
      ? undefined
      : window.setTimeout(
          () => setOpening({ key: Date.now(), reopened: false, returnFocus: null }),
          limits.cookieBannerDelayMs,
        );
    const stop = onOpenCookieSettings(() => {
      window.clearTimeout(timer);
      setOpening({ key: Date.now(), reopened: true, returnFocus: document.activeElement as HTMLElement | null });
    });
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, []);

  if (!opening) return null;
  return (
    <Suspense fallback={null}>
      <CookieBannerPanel
        key={opening.key}
        reopened={opening.reopened}
        returnFocus={opening.returnFocus}
        onClose={() => setOpening(null)}
      />
    </Suspense>
  );
}
