import { useEffect, useRef, type ReactNode } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';
import type { StaffUser } from '@northbeam/common';
import { NotificationBell } from '@/components/admin/notification-bell';
import { useMediaQuery } from '@/hooks/use-media-query';
import { focusScreenHeading } from '@/lib/screen-focus';
import { AdminBar } from './admin-bar';
import { AdminSidebar } from './admin-sidebar';

/** Tailwind's `lg`: from here the sidebar replaces the bar and its menu. */
const sidebarQuery = '(min-width: 64rem)';

/** The bell's room while the server's page is on screen: it fills in after hydration (it reads per person). */
function BellPlaceholder() {
  return <span className="inline-block size-10 shrink-0" aria-hidden="true" />;
}

/**
 * The frame of every signed-in admin screen, inside the site's header and footer: the sidebar from
 * 1024 px, the bar and its menu below, and the screen itself (`data-screen`, where the skip link lands).
 * After each navigation inside the app focus moves to the new screen's heading, except when a screen
 * replaces its own address while the person works in it (a first save giving a new record its address).
 */
export function AdminShell({ user, children }: { user: StaffUser; children: ReactNode }) {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const wide = useMediaQuery(sidebarQuery);
  const screen = useRef<HTMLDivElement>(null);
  const shownPath = useRef<string | null>(null);

  useEffect(() => {
    const firstShown = shownPath.current === null;
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const region = screen.current;
    // The document's first page leaves focus to the browser: the skip link is the first Tab stop.
    if (!region || (firstShown && navigationType === NavigationType.Pop)) return;
    const active = document.activeElement;
    if (navigationType === NavigationType.Replace && active && active !== document.body && region.contains(active))
      return;
    return focusScreenHeading(region);
  }, [pathname, navigationType]);

  // One bell (one request per navigation), where the width puts it; none in the server's page.
  const bell = (place: boolean) =>
    wide === null ? <BellPlaceholder /> : place ? <NotificationBell placement={wide ? 'above' : 'below'} /> : null;
  const hasAreas = !user.twoFactorSetupRequired;

  return (
    <div className="lg:flex" data-admin-shell>
      <AdminSidebar user={user} bell={hasAreas ? bell(wide === true) : null} />
      <div className="min-w-0 flex-1">
        <AdminBar user={user} bell={hasAreas ? bell(wide === false) : null} />
        <div ref={screen} data-screen>
          {children}
        </div>
      </div>
    </div>
  );
}
