import {
  Activity,
  BookDown,
  BarChart3,
  Images,
  BriefcaseBusiness,
  Inbox,
  LayoutDashboard,
  LogOut,
  MailCheck,
  Mail,
  Menu,
  Newspaper,
  ShieldCheck,
  UserCog,
  Users,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { areaLabels, roleLabels, type StaffArea, type StaffUser } from '@northbeam/common';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { signOut } from '@/lib/staff';

interface AdminLink {
  to: string;
  label: string;
  icon: LucideIcon;
  /** The area whose permission decides whether the link shows; the dashboard is for everyone. */
  area?: StaffArea;
}

/** The areas that have screens, in navigation order. An area joins this list with its screen. */
const adminLinks: AdminLink[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/posts', label: areaLabels.posts, icon: Newspaper, area: 'posts' },
  { to: '/admin/case-studies', label: areaLabels['case-studies'], icon: BriefcaseBusiness, area: 'case-studies' },
  { to: '/admin/media', label: areaLabels.media, icon: Images, area: 'media' },
  { to: '/admin/enquiries', label: areaLabels.enquiries, icon: Inbox, area: 'enquiries' },
  { to: '/admin/subscribers', label: areaLabels.subscribers, icon: MailCheck, area: 'subscribers' },
  { to: '/admin/newsletter', label: areaLabels.newsletter, icon: Mail, area: 'newsletter' },
  { to: '/admin/playbook', label: areaLabels.playbook, icon: BookDown, area: 'playbook' },
  { to: '/admin/analytics', label: areaLabels.analytics, icon: BarChart3, area: 'analytics' },
  { to: '/admin/privacy', label: areaLabels.privacy, icon: ShieldCheck, area: 'privacy' },
  { to: '/admin/staff', label: areaLabels.staff, icon: Users, area: 'staff' },
  { to: '/admin/activity', label: areaLabels.activity, icon: Activity, area: 'activity' },
];

/** The links a staff member may follow. None until two-factor sign-in is set up: every area refuses until then. */
export function visibleAdminLinks(user: StaffUser): AdminLink[] {
  if (user.twoFactorSetupRequired) return [];
  return adminLinks.filter(({ area }) => !area || user.permissions[area] !== 'none');
}

function isCurrent(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return to === '/admin' ? path === '/admin' : path === to || path.startsWith(`${to}/`);
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]);
  return (letters.length > 1 ? letters[0] + letters[letters.length - 1] : (letters[0] ?? '?')).toUpperCase();
}

function Avatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-ink font-display text-xs font-semibold text-labs',
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}

/**
 * The admin shell's bar under the site header: navigation by role, the signed-in user (a link to
 * their account) and Sign Out. Below 1024 px the navigation folds into a menu button.
 */
export function AdminBar({ user }: { user: StaffUser }) {
  const { pathname } = useLocation();
  const links = visibleAdminLinks(user);
  const current = links.find((link) => isCurrent(pathname, link.to));
  const onAccount = isCurrent(pathname, '/admin/account');
  // The menu is open for the page it was opened on: navigating anywhere closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenAt(open ? pathname : null);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    menu.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpenAt(null);
      menuButton.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !menuButton.current?.contains(target)) setMenuOpenAt(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [menuOpen]);

  return (
    <div className="sticky top-16 z-40 border-b border-line bg-white/95 backdrop-blur-md" data-testid="admin-bar">
      <div className="container-page flex h-14 items-center justify-between gap-3">
        {links.length === 0 ? (
          <p className="hidden items-center gap-2 text-sm text-ink-muted lg:flex">
            <ShieldCheck className="size-4 text-beam" aria-hidden="true" />
            The admin opens once two-factor sign-in is set up.
          </p>
        ) : (
          <nav aria-label="Admin" className="hidden items-center gap-1 lg:flex">
            {links.map(({ to, label, icon: Icon }) => (
              <NavLink
                key={to}
                to={to}
                end={to === '/admin'}
                title={label}
                className={({ isActive }) =>
                  cn(
                    'inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-medium transition-colors',
                    isActive ? 'bg-ink text-white' : 'text-ink-muted hover:bg-mist hover:text-ink',
                  )
                }
              >
                <Icon className="size-4" aria-hidden="true" />
                {/* From 1024 to 1535 px (eleven areas do not fit in words below that) the areas show as icons (the name stays for screen readers and as a tooltip). */}
                <span className="sr-only 2xl:not-sr-only">{label}</span>
              </NavLink>
            ))}
          </nav>
        )}
        <p className="flex min-w-0 items-center gap-2 lg:hidden">
          <span className="eyebrow">Admin</span>
          <span aria-hidden="true" className="text-line">
            /
          </span>
          <span className="truncate text-sm font-semibold text-ink">
            {onAccount ? 'Account' : (current?.label ?? 'Admin')}
          </span>
        </p>

        <div className="flex shrink-0 items-center gap-2">
          <Link
            to="/admin/account"
            aria-current={onAccount ? 'page' : undefined}
            className={cn(
              'hidden items-center gap-2.5 rounded-full py-1 pr-3 pl-1 transition-colors lg:inline-flex',
              onAccount ? 'bg-mist' : 'hover:bg-mist',
            )}
            data-testid="admin-identity"
          >
            <Avatar name={user.name} />
            <span className="hidden flex-col text-left leading-tight xl:flex">
              <span className="text-sm font-semibold text-ink">{user.name}</span>
              <span className="text-xs text-ink-muted">{roleLabels[user.role]}</span>
            </span>
            <span className="sr-only xl:hidden">
              Account: {user.name}, {roleLabels[user.role]}
            </span>
          </Link>
          <div className="hidden lg:block">
            <SignOutButton />
          </div>
          <button
            ref={menuButton}
            type="button"
            className="inline-flex h-10 items-center gap-2 rounded-full border border-ink/15 bg-white px-4 text-sm font-medium text-ink hover:bg-mist lg:hidden"
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
        <div
          ref={menu}
          id={menuId}
          className="border-t border-line bg-white shadow-card lg:hidden"
          data-testid="admin-menu"
        >
          {links.length > 0 ? (
            <nav aria-label="Admin" className="container-page py-3">
              <ul className="flex flex-col gap-1">
                {links.map(({ to, label, icon: Icon }) => {
                  const active = isCurrent(pathname, to);
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
          ) : null}
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

export function SignOutButton({ className }: { className?: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const onSignOut = async () => {
    setBusy(true);
    try {
      await signOut();
    } catch {
      // The session may already be gone on the server; the login page is the right place either way.
    }
    void navigate('/admin/login', { replace: true });
  };
  return (
    <Button variant="outline" size="sm" className={className} onClick={() => void onSignOut()} disabled={busy}>
      <LogOut aria-hidden="true" />
      Sign Out
    </Button>
  );
}
