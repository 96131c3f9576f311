import { ChevronLeft, ChevronRight, ShieldCheck } from '@/components/ui/icons';
import { useId, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Link, NavLink } from '@/components/ui/link';
import { roleLabels, type StaffUser } from '@northbeam/common';
import { useStoredFlag } from '@/hooks/use-stored-flag';
import { cn } from '@/lib/cn';
import { Avatar, SignOutButton, isCurrentArea, twoFactorFirstNotice, visibleAdminLinks } from './admin-navigation';

/** This browser's choice of a folded sidebar (icons only), kept across visits. */
const collapsedKey = 'northbeam.admin-sidebar-collapsed';

/**
 * The admin shell from 1024 px: a sidebar under the site header with every area the person may use,
 * in words (folded to icons on request, remembered), then the bell, the signed-in person and Sign Out.
 * It stays in view while the screen scrolls and ends above the cookie banner while that is up.
 */
export function AdminSidebar({ user, bell }: { user: StaffUser; bell: ReactNode }) {
  const { pathname } = useLocation();
  const links = visibleAdminLinks(user);
  const onAccount = isCurrentArea(pathname, '/admin/account');
  const [collapsed, setCollapsed] = useStoredFlag(collapsedKey);
  const navigationId = useId();
  const toggleLabel = collapsed ? 'Expand navigation' : 'Collapse navigation';

  return (
    <aside
      className={cn(
        'admin-sidebar sticky top-16 z-30 hidden shrink-0 flex-col self-start border-r border-line bg-white lg:flex',
        collapsed ? 'w-16' : 'w-60',
      )}
      data-testid="admin-sidebar"
      data-collapsed={collapsed ? 'true' : 'false'}
    >
      <div
        className={cn(
          'flex items-center gap-2 pt-4 pb-2',
          collapsed ? 'justify-center px-2' : 'justify-between pr-3 pl-5',
        )}
      >
        {collapsed ? null : <p className="eyebrow">Admin</p>}
        <button
          type="button"
          className="inline-flex size-8 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-mist hover:text-ink"
          aria-label={toggleLabel}
          title={toggleLabel}
          aria-controls={navigationId}
          onClick={() => setCollapsed(!collapsed)}
          data-testid="admin-sidebar-toggle"
        >
          {collapsed ? (
            <ChevronRight className="size-4" aria-hidden="true" />
          ) : (
            <ChevronLeft className="size-4" aria-hidden="true" />
          )}
        </button>
      </div>

      {links.length === 0 ? (
        <p id={navigationId} className={cn('flex-1 text-sm text-ink-muted', collapsed ? 'px-2' : 'px-5')}>
          <ShieldCheck className="mb-2 size-5 text-beam" aria-hidden="true" />
          <span className={collapsed ? 'sr-only' : undefined}>{twoFactorFirstNotice}</span>
        </p>
      ) : (
        <nav
          id={navigationId}
          aria-label="Admin"
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 pb-3"
        >
          <ul className="flex flex-col gap-0.5">
            {links.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={to === '/admin'}
                  title={collapsed ? label : undefined}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-xl py-2 text-sm font-medium transition-colors',
                      collapsed ? 'justify-center px-2' : 'px-3',
                      isActive ? 'bg-ink text-white' : 'text-ink-muted hover:bg-mist hover:text-ink',
                    )
                  }
                >
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  <span className={collapsed ? 'sr-only' : 'truncate'}>{label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <div className={cn('flex flex-col gap-2 border-t border-line py-3', collapsed ? 'items-center px-2' : 'px-3')}>
        <div className={cn('flex gap-1', collapsed ? 'flex-col items-center' : 'items-center')}>
          <Link
            to="/admin/account"
            aria-current={onAccount ? 'page' : undefined}
            title={collapsed ? `Account: ${user.name}` : undefined}
            className={cn(
              'flex min-w-0 items-center gap-2.5 rounded-xl p-1.5 transition-colors',
              collapsed ? '' : 'flex-1',
              onAccount ? 'bg-mist' : 'hover:bg-mist',
            )}
            data-testid="admin-identity"
          >
            <Avatar name={user.name} />
            <span className={collapsed ? 'sr-only' : 'flex min-w-0 flex-col text-left leading-tight'}>
              <span className="truncate text-sm font-semibold text-ink">{user.name}</span>
              <span className="truncate text-xs text-ink-muted">{roleLabels[user.role]}</span>
            </span>
          </Link>
          {bell}
        </div>
        <SignOutButton compact={collapsed} className={collapsed ? undefined : 'w-full'} />
      </div>
    </aside>
  );
}
