import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useMatches } from '@/app/data-router';
import { CookieBanner, cookieBannerTitleId } from '@/components/layout/cookie-banner';
import { Footer } from '@/components/layout/footer';
import { HydrationBoundary } from '@/components/page/hydration-boundary';
import { Header } from '@/components/layout/header';
import { Toaster } from '@/components/ui/toast';
import { initialiseConsentMode } from '@/lib/consent';
import { recordPageView } from '@/lib/page-views';
import { skipToScreen } from '@/lib/screen-focus';
import { fullTitle } from './head';
import { resolveHead } from './resolve-head';

/**
 * Keeps the document title and description in step with client-side navigation, and records the
 * page view once the title is the page's own (a provisional head waits for `useDocumentTitle`).
 */
function DocumentHeadSync() {
  const matches = useMatches();
  const { pathname } = useLocation();
  useEffect(() => {
    initialiseConsentMode();
  }, []);
  useEffect(() => {
    const head = resolveHead(
      matches.map((match) => ({ params: match.params, handle: match.handle, data: match.data })),
      pathname,
      window.location.origin,
    );
    document.title = fullTitle(head);
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
    if (!head.provisional) recordPageView(pathname);
  }, [matches, pathname]);
  return null;
}

export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      {/* On an admin screen it lands on the screen's first control (lib/screen-focus.ts). */}
      <a
        href="#main"
        className="skip-link"
        onClick={(event) => {
          if (skipToScreen()) event.preventDefault();
        }}
      >
        Skip to content
      </a>
      <a href={`#${cookieBannerTitleId}`} className="skip-link skip-link-cookie">
        Skip to cookie choices
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <HydrationBoundary>
        <Footer />
      </HydrationBoundary>
      <CookieBanner />
      <Toaster />
      <DocumentHeadSync />
    </div>
  );
}
