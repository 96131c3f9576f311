import { KeyRound } from '@/components/ui/icons';
import { useParams } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import { site, staffMessages } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { SetPasswordPage, loadEmailedLink } from '@/components/admin/set-password-page';
import { buttonVariants } from '@/components/ui/button';
import { requestJson } from '@/lib/api';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Set a new password',
    description: `Set a new password for your ${site.name} staff account.`,
    noindex: true,
  }),
};

export async function loader({ context, params }: LoaderFunctionArgs) {
  return loadEmailedLink<{ email: string }>(
    context,
    `/api/password-reset/${encodeURIComponent(params.token ?? '')}`,
    staffMessages.passwordResetLinkInvalid,
  );
}

export function Component() {
  const link = useLoaderData<typeof loader>();
  const { token = '' } = useParams();

  return (
    <SetPasswordPage
      problem={link.problem}
      refused={{
        title: 'This link no longer works',
        testId: 'reset-link-problem',
        next: (
          <Link to="/admin/forgot-password" className={buttonVariants({ size: 'lg', className: 'mt-6 w-full' })}>
            Send a new link
          </Link>
        ),
      }}
      icon={KeyRound}
      eyebrow="Password reset"
      title="Set a new password"
      description={
        <>
          For <strong className="font-semibold text-ink">{link.problem === undefined ? link.email : ''}</strong>. Your
          other signed-in browsers will be signed out.
        </>
      }
      email={link.problem === undefined ? link.email : ''}
      passwordLabel="New password"
      submit={async ({ password }) => {
        const answer = await requestJson<{ message: string }>(
          'POST',
          `/api/password-reset/${encodeURIComponent(token)}`,
          { password },
        );
        return answer.message;
      }}
      failed="The password was not changed"
      done={{ title: 'Password changed', testId: 'password-changed' }}
      submitLabel="Set new password"
      busyLabel="Saving..."
    />
  );
}
