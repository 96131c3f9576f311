import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import { site, type NotificationPreferences, type StaffSession } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { refusedAsNull } from '@/components/admin/list-loader';
import { loadJson } from '@/lib/api';
import { requireStaffUser, signInAgain } from '@/lib/staff';
import { AuthorProfileCard } from './author-profile-card';
import { NotificationsCard } from './notifications-card';
import { ProfileCard } from './profile-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

export const handle: RouteHandle = {
  head: () => ({ title: 'Your account', description: `Your ${site.name} staff account.`, noindex: true }),
};

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = await requireStaffUser(context, request);
  const [sessions, preferences] = await Promise.all([
    loadJson<StaffSession[]>(context, '/api/admin/account/sessions'),
    // Refused (403) while two-factor sign-in is still to be set up: the card waits until then.
    refusedAsNull(loadJson<NotificationPreferences>(context, '/api/admin/account/notifications'), [403]),
  ]);
  if (!sessions) signInAgain(request);
  return { user, sessions, preferences };
}

export function Component() {
  const { user, sessions, preferences } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const reload = () => void revalidator.revalidate();

  return (
    <section className="container-page pt-10 pb-16 sm:pt-14">
      <AdminPageHeader
        eyebrow="Your account"
        title={user.name}
        description="Your details, how you sign in and where you are signed in."
      />

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <div className="flex flex-col gap-6">
          <ProfileCard user={user} onRenamed={reload} />
          <AuthorProfileCard user={user} onChanged={reload} />
          <TwoFactorCard user={user} onDisabled={reload} />
          {preferences ? <NotificationsCard user={user} preferences={preferences} /> : null}
        </div>

        <SessionsCard sessions={sessions} onEnded={() => revalidator.revalidate()} />
      </div>
    </section>
  );
}
