import { Menu, ShieldCheck, UserCog, X } from '@/components/ui/icons';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { roleLabels, type StaffUser } from '@northbeam/common';
import { useDismiss } from '@/hooks/use-dismiss';
import { cn } from '@/lib/cn';
import { Avatar, SignOutButton, isCurrentArea, twoFactorFirstNotice, visibleAdminLinks } from './admin-navigation';

/**
 * The admin shell below 1024 px: a bar under the site header naming the area, with the bell and a
 * menu button; the menu holds the areas, the signed-in person (a link to their account) and Sign Out.
 * From 1024 px the sidebar (admin-sidebar.tsx) takes its place.
 */
export function AdminBar({ user, bell }: { user: StaffUser; bell: ReactNode }) {
  const { pathname } = useLocation();
  const links = visibleAdminLinks(user);
  const current = links.find((link) => isCurrentArea(pathname, link.to));
  const onAccount = isCurrentArea(pathname, '/admin/account');
  // The menu is open for the page it was opened on: navigating anywhere closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenAt(open ? pathname : null);
  const menuId = useId();
  const { trigger: menuButton, panel: menu } = useDismiss(menuOpen, () => setMenuOpenAt(null));

  // Opening the menu takes focus to its first entry.
  useEffect(() => {
    if (menuOpen) menu.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [menuOpen, menu]);

  return (
    <div
      className="sticky top-16 z-40 border-b border-line bg-white/95 backdrop-blur-md lg:hidden"
      data-testid="admin-bar"
    >
      <div className="container-page flex h-14 items-center justify-between gap-3">
        <p className="flex min-w-0 items-center gap-2">
          <span className="eyebrow">Admin</span>
          <span aria-hidden="true" className="text-line">
            /
          </span>
          <span className="truncate text-sm font-semibold text-ink">
            {onAccount ? 'Account' : (current?.label ?? 'Admin')}
          </span>
        </p>

        <div className="flex shrink-0 items-center gap-2">
          {bell}
          <button
            ref={menuButton}
            type="button"
            className="inline-flex h-10 items-center gap-2 rounded-full border border-ink/15 bg-white px-4 text-sm font-medium text-ink hover:bg-mist"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <X className="size-4" aria-hidden="true" /> : <Menu className="size-4" aria-hidden="true" />}
            Menu
          </button>
        </div>
      </div>

      {menuOpen ? (
        // Scrolls inside itself: the bar is sticky, so a menu taller than the room left would hide its foot.
        <div
          ref={menu}
          id={menuId}
          className="admin-menu overflow-y-auto overscroll-contain border-t border-line bg-white shadow-card"
          data-testid="admin-menu"
        >
          {links.length > 0 ? (
            <nav aria-label="Admin" className="container-page py-3">
              <ul className="flex flex-col gap-1">
                {links.map(({ to, label, icon: Icon }) => {
                  const active = isCurrentArea(pathname, to);
                  return (
                    <li key={to}>
                      <Link
                        to={to}
                        aria-current={active ? 'page' : undefined}
                        className={cn(
                          'flex items-center gap-3 rounded-xl px-4 py-3 text-base font-medium',
                          active ? 'bg-ink text-white' : 'text-ink hover:bg-mist',
                        )}
                      >
                        <Icon className="size-4" aria-hidden="true" />
                        {label}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
          ) : (
            <p className="container-page flex items-center gap-2 py-4 text-sm text-ink-muted">
              <ShieldCheck className="size-4 shrink-0 text-beam" aria-hidden="true" />
              {twoFactorFirstNotice}
            </p>
          )}
          <div className="container-page flex flex-col gap-3 border-t border-line py-4">
            <Link
              to="/admin/account"
              aria-current={onAccount ? 'page' : undefined}
              className={cn('flex items-center gap-3 rounded-xl px-4 py-2.5', onAccount ? 'bg-mist' : 'hover:bg-mist')}
            >
              <Avatar name={user.name} className="size-9" />
              <span className="flex min-w-0 flex-col leading-tight">
                <span className="truncate text-sm font-semibold text-ink">{user.name}</span>
                <span className="truncate text-xs text-ink-muted">
                  {roleLabels[user.role]} · {user.email}
                </span>
              </span>
              <UserCog className="ml-auto size-4 shrink-0 text-ink-muted" aria-hidden="true" />
            </Link>
            <SignOutButton className="w-full" />
          </div>
        </div>
      ) : null}
    </div>
  );
}
