import { LayoutDashboard, LogOut, Newspaper } from 'lucide-react';
import { useState } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import type { StaffUser } from '@northbeam/common';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { roleLabels, signOut } from '@/lib/staff';

const links = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/posts', label: 'Posts', icon: Newspaper, end: false },
];

/** The strip under the site header on every signed-in admin page. */
export function AdminBar({ user, showSignOut = true }: { user: StaffUser; showSignOut?: boolean }) {
  return (
    <div className="border-b border-line bg-white">
      <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3">
        <nav aria-label="Admin" className="flex items-center gap-1">
          {links.map(({ to, label, icon: Icon, end }) => (
            <NavLink
              key={to}
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  'inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-medium transition-colors',
                  isActive ? 'bg-ink text-white' : 'text-ink-muted hover:bg-mist hover:text-ink',
                )
              }
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-3">
          <span className="hidden text-sm text-ink-muted sm:inline" data-testid="admin-identity">
            {user.name} · {roleLabels[user.role]}
          </span>
          {showSignOut ? <SignOutButton /> : null}
        </div>
      </div>
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
