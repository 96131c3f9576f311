import { Outlet, redirect } from 'react-router-dom';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import { AdminShell } from '@/components/admin/admin-shell';
import { requireStaffUser, twoFactorSetupPath } from '@/lib/staff';

/**
 * The frame of every signed-in admin page. Signed out: the sign-in page. Two-factor sign-in required
 * but not set up: the enrolment page, whichever admin page was asked for (the API refuses the rest).
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = await requireStaffUser(context, request);
  const pathname = new URL(request.url).pathname.toLowerCase().replace(/\/+$/, '');
  if (user.twoFactorSetupRequired && pathname !== twoFactorSetupPath) throw redirect(twoFactorSetupPath);
  return { user };
}

export function Component() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AdminShell user={user}>
      <Outlet />
    </AdminShell>
  );
}
