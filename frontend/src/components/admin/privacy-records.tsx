import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button';

/** The heading of a privacy record screen (consent records, data map), with the way back to the requests. */
export function PrivacyRecordsHeader({ title, description }: { title: string; description: string }) {
  return (
    <AdminPageHeader
      title={title}
      description={description}
      actions={
        <Link to="/admin/privacy" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          Privacy requests
        </Link>
      }
    />
  );
}

/** What a privacy record screen shows a role outside the privacy team: one sentence of refusal. */
export function PrivacyTeamOnly({ children }: { children: ReactNode }) {
  return (
    <section className="container-page py-16">
      <Alert variant="destructive">
        <AlertDescription>{children}</AlertDescription>
      </Alert>
    </section>
  );
}
