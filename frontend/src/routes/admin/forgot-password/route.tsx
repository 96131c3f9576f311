import { MailCheck } from '@/components/ui/icons';
import { useState, type FormEvent } from 'react';
import { messages, site, staffLimits, looksLikeEmailAddress } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { AuthCard } from '@/components/admin/auth-card';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useForm } from '@/components/ui/use-form';
import { useHydrated } from '@/hooks/use-hydrated';
import { errorSentence, requestJson } from '@/lib/api';
import { BackLink } from '@/components/admin/back-link';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Forgot password',
    description: `Reset the password of a ${site.name} staff account.`,
    noindex: true,
  }),
};

export function Component() {
  const hydrated = useHydrated();
  const form = useForm<{ email: string }>({ initial: { email: '' } });
  const { bindForm } = form;
  const [sent, setSent] = useState<string>();
  const busy = form.busy !== null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = form.values.email.trim();
    form.setProblem(undefined);
    if (form.showErrors(looksLikeEmailAddress(email) ? {} : { email: messages.emailInvalid })) return;
    await form.run(
      'submit',
      async () => {
        // The same answer whether or not the address belongs to an account.
        const answer = await requestJson<{ message: string }>('POST', '/api/password-reset', { email });
        setSent(answer.message);
      },
      (failure) => form.setProblem(errorSentence(failure)),
    );
  };

  return (
    <AuthCard
      icon={MailCheck}
      eyebrow="Staff only"
      title="Forgot password?"
      description={`Enter the e-mail address of your staff account. We will send a link to set a new password; it works once, within ${staffLimits.passwordResetMinutes} minutes.`}
    >
      {sent ? (
        <Alert variant="info" data-testid="reset-requested">
          <AlertTitle>Check your inbox</AlertTitle>
          <AlertDescription>{sent}</AlertDescription>
        </Alert>
      ) : (
        <form ref={bindForm} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
          {form.problem ? (
            <Alert variant="destructive">
              <AlertTitle>The link could not be sent</AlertTitle>
              <AlertDescription>{form.problem}</AlertDescription>
            </Alert>
          ) : null}
          <Field label="Email" {...form.field('email')}>
            {(control) => <Input {...control} {...form.text('email')} type="email" autoComplete="username" required />}
          </Field>
          <Button type="submit" size="lg" disabled={busy || !hydrated} className="w-full">
            {busy ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <BackLink to="/admin/login" className="mt-6">
        Back to sign in
      </BackLink>
    </AuthCard>
  );
}
