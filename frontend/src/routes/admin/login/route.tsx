import { KeyRound, LockKeyhole } from '@/components/ui/icons';
import { useId, useState, type FormEvent } from 'react';
import { redirect, useNavigate, useSearchParams } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { type LoaderFunctionArgs } from '@/app/data-router';
import {
  limits,
  messages,
  postSignInPath,
  recoveryCodePattern,
  site,
  staffMessages,
  totpCodePattern,
  type LoginResponse,
  looksLikeEmailAddress,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { AuthCard } from '@/components/admin/auth-card';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, FieldHint } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useForm, type FormFieldErrors } from '@/components/ui/use-form';
import { ApiRequestError, errorSentence, requestJson } from '@/lib/api';
import { useHydrated } from '@/hooks/use-hydrated';
import { fetchStaffUser, forgetStaffUser } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Staff sign-in',
    description: `Sign in to the ${site.name} admin area.`,
    noindex: true,
  }),
};

/**
 * Already signed in: straight on to where the visitor was going. A check that fails (not a 401) shows
 * the form: signing in is what the visitor came for, and its own answer says what is wrong.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = await fetchStaffUser(context).catch(() => null);

  if (user) throw redirect(postSignInPath(new URL(request.url).searchParams.get('redirect')));
  return null;
}

function validate(email: string, password: string): FormFieldErrors {
  const errors: FormFieldErrors = {};
  if (!looksLikeEmailAddress(email.trim())) errors.email = messages.emailInvalid;
  if (!password) errors.password = messages.passwordRequired;
  return errors;
}

export function Component() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [notice, setNotice] = useState<string>();
  const done = () => {
    forgetStaffUser();
    void navigate(postSignInPath(searchParams.get('redirect')), { replace: true });
  };
  if (step === 'code') {
    return (
      <CodeStep
        onSignedIn={done}
        onStartAgain={(sentence) => {
          setNotice(sentence);
          setStep('password');
        }}
      />
    );
  }
  return <PasswordStep notice={notice} onSignedIn={done} onCodeNeeded={() => setStep('code')} />;
}

function PasswordStep({
  notice,
  onSignedIn,
  onCodeNeeded,
}: {
  notice?: string;
  onSignedIn: () => void;
  onCodeNeeded: () => void;
}) {
  const hydrated = useHydrated();
  // What a password manager filled in before hydration becomes the values (`bindForm`).
  const form = useForm<{ email: string; password: string }>({ initial: { email: '', password: '' }, problem: notice });
  const { bindForm } = form;
  const serverError = form.problem;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { email, password } = form.values;
    form.setProblem(undefined);
    if (form.showErrors(validate(email, password))) return;
    await form.run(
      'submit',
      async () => {
        const answer = await requestJson<LoginResponse>('POST', '/api/admin/login', { email: email.trim(), password });
        if ('twoFactorRequired' in answer) onCodeNeeded();
        else onSignedIn();
        return 'leaving';
      },
      (error) =>
        form.setProblem(error instanceof ApiRequestError ? errorSentence(error) : 'Sign-in failed. Please try again.'),
    );
  };

  return (
    <AuthCard
      icon={LockKeyhole}
      eyebrow="Staff only"
      title="Sign in"
      description={`Write, review and publish ${site.name} articles.`}
    >
      {/* POST (never GET, which would put the password in the address) until the script takes over. */}
      <form
        ref={bindForm}
        method="post"
        action="/admin/login"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-5"
      >
        {serverError ? (
          <Alert variant="destructive" data-testid="login-error">
            <AlertTitle>Sign-in failed</AlertTitle>
            <AlertDescription>{serverError}</AlertDescription>
          </Alert>
        ) : null}
        <Field label="Email" {...form.field('email')}>
          {(control) => <Input {...control} {...form.text('email')} type="email" autoComplete="username" required />}
        </Field>
        <Field label="Password" {...form.field('password')}>
          {(control) => (
            <Input
              {...control}
              {...form.text('password')}
              type="password"
              autoComplete="current-password"
              required
              maxLength={limits.passwordMax}
            />
          )}
        </Field>
        <Link to="/admin/forgot-password" className="-mt-2 self-end text-sm font-medium text-beam hover:underline">
          Forgot password?
        </Link>
        <Button type="submit" size="lg" disabled={form.busy !== null || !hydrated} className="mt-2 w-full">
          {form.busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </AuthCard>
  );
}

/** A code as typed: spaces and dashes inside a six-digit code are dropped, a recovery code is lower-cased. */
function normaliseCode(value: string, recovery: boolean): string {
  const trimmed = value.trim().toLowerCase();
  return recovery ? trimmed.replace(/\s+/g, '') : trimmed.replace(/[\s-]+/g, '');
}

function CodeStep({ onSignedIn, onStartAgain }: { onSignedIn: () => void; onStartAgain: (sentence?: string) => void }) {
  const [recovery, setRecovery] = useState(false);
  const form = useForm<{ code: string }>({ initial: { code: '' } });
  const { bindForm } = form;
  const hintId = useId();
  const busy = form.busy !== null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = normaliseCode(form.values.code, recovery);
    if (!(recovery ? recoveryCodePattern : totpCodePattern).test(code)) {
      form.showErrors({ code: staffMessages.invalidCode });
      return;
    }
    form.showErrors({});
    await form.run(
      'submit',
      async () => {
        await requestJson('POST', '/api/admin/login/two-factor', { code });
        onSignedIn();
        return 'leaving';
      },
      (failure) => {
        const sentence = errorSentence(failure);
        // The pending sign-in expired (five minutes): the password is needed again.
        if (sentence === staffMessages.signInAgain) onStartAgain(sentence);
        else form.showErrors({ code: sentence });
      },
    );
  };

  return (
    <AuthCard
      icon={KeyRound}
      eyebrow="Two-factor sign-in"
      title="Enter your code"
      description={
        recovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.'
          : 'Enter the 6-digit code from your authenticator app'
      }
    >
      <form ref={bindForm} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        <Field
          key={recovery ? 'recovery' : 'totp'}
          label={recovery ? 'Recovery code' : 'Code'}
          {...form.field('code')}
          describedBy={hintId}
          hint={
            <FieldHint id={hintId}>
              {recovery ? 'Ten letters and digits, like abcde-12345.' : 'The code changes every 30 seconds.'}
            </FieldHint>
          }
        >
          {(control) => (
            <Input
              {...control}
              {...form.text('code')}
              autoFocus
              autoComplete="one-time-code"
              inputMode={recovery ? 'text' : 'numeric'}
              spellCheck={false}
              maxLength={recovery ? 13 : 9}
              textSize="lg"
              className="font-mono tracking-[0.3em]"
            />
          )}
        </Field>
        <Button type="submit" size="lg" disabled={busy} className="w-full">
          {busy ? 'Checking...' : 'Verify'}
        </Button>
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <Button
            variant="link"
            size="inline"
            onClick={() => {
              setRecovery((value) => !value);
              form.reset({ code: '' });
            }}
          >
            {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
          </Button>
          <Button variant="link" size="inline" onClick={() => onStartAgain()}>
            Start again
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
