import { LinkIcon, UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import { messages, roleLabels, site, staffLimits, staffMessages, type InvitationDetails } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { AuthCard } from '@/components/admin/auth-card';
import { checkNewPassword, NewPasswordFields, type NewPasswordErrors } from '@/components/admin/new-password-fields';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useHydrated } from '@/hooks/use-hydrated';
import { ApiRequestError, errorSentence, loadJson, requestJson } from '@/lib/api';
import { formText } from '@/lib/form-text';

export const handle: RouteHandle = {
  head: () => ({ title: 'Accept your invitation', description: `Join the ${site.name} admin.`, noindex: true }),
};

type Invitation = (InvitationDetails & { problem?: undefined }) | { problem: string };

export async function loader({ context, params }: LoaderFunctionArgs): Promise<Invitation> {
  try {
    const found = await loadJson<InvitationDetails>(
      context,
      `/api/staff-invitations/${encodeURIComponent(params.token ?? '')}`,
    );
    return found ?? { problem: staffMessages.invitationInvalid };
  } catch (error) {
    return { problem: error instanceof ApiRequestError ? errorSentence(error) : staffMessages.invitationInvalid };
  }
}

interface InvitationErrors extends NewPasswordErrors {
  name?: string;
}

export function Component() {
  const invitation = useLoaderData<typeof loader>();
  const { token = '' } = useParams();
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<InvitationErrors>({});
  const [serverError, setServerError] = useState<string>();
  const [problem, setProblem] = useState(invitation.problem);
  const [accepted, setAccepted] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ids = { name: useId(), nameError: useId() };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = formText(form, 'name').trim();
    const password = formText(form, 'password');
    const found: InvitationErrors = checkNewPassword(password, formText(form, 'confirm'));
    if (!name) found.name = messages.nameRequired;
    else if (name.length > staffLimits.nameMax) found.name = staffMessages.nameTooLong;
    setErrors(found);
    setServerError(undefined);
    if (found.name || found.password || found.confirm) return;
    setBusy(true);
    try {
      const answer = await requestJson<{ message: string }>(
        'POST',
        `/api/staff-invitations/${encodeURIComponent(token)}`,
        { name, password },
      );
      setAccepted(answer.message);
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.status === 410) setProblem(errorSentence(failure));
      else setServerError(errorSentence(failure));
    } finally {
      setBusy(false);
    }
  };

  if (problem !== undefined || invitation.problem !== undefined) {
    return (
      <AuthCard icon={LinkIcon} eyebrow="Invitation" title="This invitation no longer works">
        <Alert variant="destructive" data-testid="invitation-problem">
          <AlertDescription>{problem ?? invitation.problem}</AlertDescription>
        </Alert>
        <p className="mt-6 text-sm leading-relaxed text-ink-muted">
          Ask the person who invited you to send a new invitation.
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={UserPlus}
      eyebrow="Invitation"
      title={`Join ${site.name}`}
      description={
        <>
          You have been invited as <strong className="font-semibold text-ink">{roleLabels[invitation.role]}</strong>{' '}
          with <strong className="font-semibold wrap-anywhere text-ink">{invitation.email}</strong>. Choose your name
          and a password.
        </>
      }
    >
      {accepted ? (
        <>
          <Alert variant="info" data-testid="invitation-accepted">
            <AlertTitle>Welcome aboard</AlertTitle>
            <AlertDescription>{accepted}</AlertDescription>
          </Alert>
          <Link to="/admin/login" className={buttonVariants({ size: 'lg', className: 'mt-6 w-full' })}>
            Sign in
          </Link>
        </>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
          {serverError ? (
            <Alert variant="destructive">
              <AlertTitle>Your account was not created</AlertTitle>
              <AlertDescription>{serverError}</AlertDescription>
            </Alert>
          ) : null}
          <input type="hidden" name="username" autoComplete="username" value={invitation.email} />
          <Field label="Name" htmlFor={ids.name} error={errors.name} errorId={ids.nameError}>
            <Input
              id={ids.name}
              name="name"
              autoComplete="name"
              maxLength={staffLimits.nameMax}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? ids.nameError : undefined}
            />
          </Field>
          <NewPasswordFields errors={errors} />
          <Button type="submit" size="lg" disabled={busy || !hydrated} className="w-full">
            {busy ? 'Creating your account...' : 'Create my account'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
