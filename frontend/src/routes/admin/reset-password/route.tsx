import { KeyRound, LinkIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import { site, staffMessages } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { AuthCard } from '@/components/admin/auth-card';
import { checkNewPassword, NewPasswordFields, type NewPasswordErrors } from '@/components/admin/new-password-fields';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { useHydrated } from '@/hooks/use-hydrated';
import { ApiRequestError, errorSentence, loadJson, requestJson } from '@/lib/api';
import { formText } from '@/lib/form-text';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Set a new password',
    description: `Set a new password for your ${site.name} staff account.`,
    noindex: true,
  }),
};

type ResetLink = { email: string; problem?: undefined } | { email?: undefined; problem: string };

/** A link that expired or was used already is said so at once, before any typing. */
export async function loader({ context, params }: LoaderFunctionArgs): Promise<ResetLink> {
  try {
    const found = await loadJson<{ email: string }>(
      context,
      `/api/password-reset/${encodeURIComponent(params.token ?? '')}`,
    );
    return found ?? { problem: staffMessages.passwordResetLinkInvalid };
  } catch (error) {
    return {
      problem: error instanceof ApiRequestError ? errorSentence(error) : staffMessages.passwordResetLinkInvalid,
    };
  }
}

export function Component() {
  const link = useLoaderData<typeof loader>();
  const { token = '' } = useParams();
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [serverError, setServerError] = useState<string>();
  const [problem, setProblem] = useState(link.problem);
  const [changed, setChanged] = useState<string>();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = formText(form, 'password');
    const found = checkNewPassword(password, formText(form, 'confirm'));
    setErrors(found);
    setServerError(undefined);
    if (found.password || found.confirm) return;
    setBusy(true);
    try {
      const answer = await requestJson<{ message: string }>(
        'POST',
        `/api/password-reset/${encodeURIComponent(token)}`,
        { password },
      );
      setChanged(answer.message);
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.status === 410) setProblem(errorSentence(failure));
      else setServerError(errorSentence(failure));
    } finally {
      setBusy(false);
    }
  };

  if (problem) {
    return (
      <AuthCard icon={LinkIcon} eyebrow="Password reset" title="This link no longer works">
        <Alert variant="destructive" data-testid="reset-link-problem">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
        <Link to="/admin/forgot-password" className={buttonVariants({ size: 'lg', className: 'mt-6 w-full' })}>
          Send a new link
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={KeyRound}
      eyebrow="Password reset"
      title="Set a new password"
      description={
        <>
          For <strong className="font-semibold text-ink">{link.email}</strong>. Your other signed-in browsers will be
          signed out.
        </>
      }
    >
      {changed ? (
        <>
          <Alert variant="info" data-testid="password-changed">
            <AlertTitle>Password changed</AlertTitle>
            <AlertDescription>{changed}</AlertDescription>
          </Alert>
          <Link to="/admin/login" className={buttonVariants({ size: 'lg', className: 'mt-6 w-full' })}>
            Sign in
          </Link>
        </>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
          {serverError ? (
            <Alert variant="destructive">
              <AlertTitle>The password was not changed</AlertTitle>
              <AlertDescription>{serverError}</AlertDescription>
            </Alert>
          ) : null}
          <input type="hidden" name="username" autoComplete="username" value={link.email} />
          <NewPasswordFields errors={errors} label="New password" />
          <Button type="submit" size="lg" disabled={busy || !hydrated} className="w-full">
            {busy ? 'Saving...' : 'Set new password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
