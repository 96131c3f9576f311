import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { ArrowLeft } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

/** The way back from an admin screen to the one above it (a record to its list, a form to sign-in). */
export function BackLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link to={to} className={cn('back-link', className)}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
