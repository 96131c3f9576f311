import {
  Activity,
  BookDown,
  BarChart3,
  Contact,
  Images,
  BriefcaseBusiness,
  Inbox,
  KeyRound,
  LayoutDashboard,
  LogOut,
  MailCheck,
  Mail,
  Newspaper,
  ShieldCheck,
  Settings,
  Send,
  Signpost,
  Upload,
  Users,
  type IconComponent,
} from '@/components/ui/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { areaLabels, type StaffArea, type StaffUser } from '@northbeam/common';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { signOut } from '@/lib/staff';

export interface AdminLink {
  to: string;
  label: string;
  icon: IconComponent;
  /** The area whose permission decides whether the link shows; the dashboard is for everyone. */
  area?: StaffArea;
}

/** The areas that have screens, in navigation order. An area joins this list with its screen. */
const adminLinks: AdminLink[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/posts', label: areaLabels.posts, icon: Newspaper, area: 'posts' },
  { to: '/admin/case-studies', label: areaLabels['case-studies'], icon: BriefcaseBusiness, area: 'case-studies' },
  { to: '/admin/team', label: areaLabels.team, icon: Contact, area: 'team' },
  { to: '/admin/media', label: areaLabels.media, icon: Images, area: 'media' },
  { to: '/admin/enquiries', label: areaLabels.enquiries, icon: Inbox, area: 'enquiries' },
  { to: '/admin/subscribers', label: areaLabels.subscribers, icon: MailCheck, area: 'subscribers' },
  { to: '/admin/newsletter', label: areaLabels.newsletter, icon: Mail, area: 'newsletter' },
  { to: '/admin/playbook', label: areaLabels.playbook, icon: BookDown, area: 'playbook' },
  { to: '/admin/analytics', label: areaLabels.analytics, icon: BarChart3, area: 'analytics' },
  { to: '/admin/privacy', label: areaLabels.privacy, icon: ShieldCheck, area: 'privacy' },
  { to: '/admin/settings', label: areaLabels.settings, icon: Settings, area: 'settings' },
  { to: '/admin/redirects', label: 'Redirects', icon: Signpost, area: 'settings' },
  { to: '/admin/webhooks', label: areaLabels.webhooks, icon: Send, area: 'webhooks' },
  { to: '/admin/import', label: areaLabels.imports, icon: Upload, area: 'imports' },
  { to: '/admin/staff', label: areaLabels.staff, icon: Users, area: 'staff' },
  { to: '/admin/activity', label: areaLabels.activity, icon: Activity, area: 'activity' },
  { to: '/admin/api-tokens', label: areaLabels['api-tokens'], icon: KeyRound, area: 'api-tokens' },
];

/** The links a staff member may follow. None until two-factor sign-in is set up: every area refuses until then. */
export function visibleAdminLinks(user: StaffUser): AdminLink[] {
  if (user.twoFactorSetupRequired) return [];
  return adminLinks.filter(({ area }) => !area || user.permissions[area] !== 'none');
}

/** Whether `to` is the area of `pathname` (the dashboard only for /admin itself). */
export function isCurrentArea(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return to === '/admin' ? path === '/admin' : path === to || path.startsWith(`${to}/`);
}

/** What the shell says while the areas are closed to someone who must first set up two-factor sign-in. */
export const twoFactorFirstNotice = 'The admin opens once two-factor sign-in is set up.';

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]);
  return (letters.length > 1 ? letters[0] + letters[letters.length - 1] : (letters[0] ?? '?')).toUpperCase();
}

export function Avatar({ name, className }: { name: string; className?: string }) {
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

/** Sign Out; `compact` (the folded sidebar) shows the icon alone, the words stay for screen readers and as a tooltip. */
export function SignOutButton({ className, compact = false }: { className?: string; compact?: boolean }) {
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
    <Button
      variant="outline"
      size={compact ? 'icon-sm' : 'sm'}
      className={className}
      title={compact ? 'Sign Out' : undefined}
      onClick={() => void onSignOut()}
      disabled={busy}
    >
      <LogOut aria-hidden="true" />
      <span className={compact ? 'sr-only' : undefined}>Sign Out</span>
    </Button>
  );
}
