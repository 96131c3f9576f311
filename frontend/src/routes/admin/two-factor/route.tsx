import { ArrowRight, Loader2, ShieldCheck, Smartphone } from '@/components/ui/icons';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import {
  site,
  staffMessages,
  totpCodePattern,
  type RecoveryCodes as RecoveryCodesAnswer,
  type TwoFactorSetup,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { RecoveryCodes } from '@/components/admin/recovery-codes';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldHint } from '@/components/ui/field';
import { useForm } from '@/components/ui/use-form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorSentence, requestJson } from '@/lib/api';
import { forgetStaffUser, requireStaffUser } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Set up two-factor sign-in',
    description: `Two-factor sign-in for the ${site.name} admin.`,
    noindex: true,
  }),
};

export async function loader({ context, request }: LoaderFunctionArgs) {
  return { user: await requireStaffUser(context, request) };
}

/** The secret in groups of four, as authenticator apps show and ask for it. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export function Component() {
  const { user } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const [setup, setSetup] = useState<TwoFactorSetup>();
  const [setupError, setSetupError] = useState<string>();
  const [codes, setCodes] = useState<string[]>();
  const form = useForm<{ code: string }>({ initial: { code: '' } });
  const { bindForm } = form;
  const busy = form.busy !== null;
  const hintId = useId();

  // A new secret each visit: nothing is on until a code from it is confirmed.
  useEffect(() => {
    if (user.twoFactorEnabled) return;
    let current = true;
    requestJson<TwoFactorSetup>('POST', '/api/admin/account/two-factor/setup').then(
      (answer) => current && setSetup(answer),
      (error: unknown) => current && setSetupError(errorSentence(error)),
    );
    return () => {
      current = false;
    };
  }, [user.twoFactorEnabled]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = form.values.code.replace(/[\s-]+/g, '');
    if (form.showErrors(totpCodePattern.test(code) ? {} : { code: staffMessages.invalidCode })) return;
    await form.run(
      'submit',
      async () => {
        const answer = await requestJson<RecoveryCodesAnswer>('POST', '/api/admin/account/two-factor/enable', { code });
        // The cached user still says two-factor is off (and maybe that setup is required).
        forgetStaffUser();
        setCodes(answer.recoveryCodes);
      },
      (error) => form.showErrors({ code: errorSentence(error) }),
    );
  };

  const finish = () => {
    forgetStaffUser();
    void navigate(user.twoFactorSetupRequired ? '/admin' : '/admin/account');
  };

  return (
    <section className="container-page pt-10 pb-16 sm:pt-14">
      <AdminPageHeader
        eyebrow="Your account"
        title="Two-factor sign-in"
        description="After your password, the admin asks for a code from an app on your phone, so a stolen password alone does not open it."
      />
      {user.twoFactorSetupRequired && !codes ? (
        <Alert variant="info" className="mt-8 max-w-3xl" data-testid="two-factor-required">
          <AlertTitle as="h2">{staffMessages.setUpTwoFactor}</AlertTitle>
          <AlertDescription>Your role needs two-factor sign-in. The admin opens once it is set up.</AlertDescription>
        </Alert>
      ) : null}

      <div className="mt-8 max-w-3xl">
        {codes ? (
          <Card>
            <CardHeader>
              <ShieldCheck className="size-6 text-success" aria-hidden="true" />
              <CardTitle as="h2">Two-factor sign-in is on</CardTitle>
              <CardDescription>From now on, signing in asks for a code from your app.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-6">
              <RecoveryCodes codes={codes} email={user.email} />
              <Button onClick={finish} className="self-start">
                I have saved my codes
                <ArrowRight aria-hidden="true" />
              </Button>
            </CardContent>
          </Card>
        ) : user.twoFactorEnabled ? (
          <Card>
            <CardHeader>
              <ShieldCheck className="size-6 text-success" aria-hidden="true" />
              <CardTitle as="h2">{staffMessages.twoFactorAlreadyEnabled}</CardTitle>
              <CardDescription>
                To move it to another phone, turn it off on your account page, then set it up again.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Link to="/admin/account" className={buttonVariants({ variant: 'outline' })}>
                Back to your account
              </Link>
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardHeader>
              <Smartphone className="size-6 text-beam" aria-hidden="true" />
              <CardTitle as="h2">Connect your authenticator app</CardTitle>
              <CardDescription>
                Use any authenticator app (1Password, Google Authenticator, Microsoft Authenticator, Authy...).
              </CardDescription>
            </CardHeader>
            <CardContent>
              {setupError ? (
                <Alert variant="destructive">
                  <AlertDescription>{setupError}</AlertDescription>
                </Alert>
              ) : (
                <ol className="flex flex-col gap-8">
                  <li className="grid gap-5 sm:grid-cols-[11rem_minmax(0,1fr)] sm:items-start">
                    <div className="flex size-44 items-center justify-center self-center rounded-2xl border border-line bg-white p-2 sm:self-start">
                      {setup ? (
                        <img
                          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrCodeSvg)}`}
                          alt="QR code to scan with your authenticator app"
                          className="size-full"
                          data-testid="totp-qr"
                        />
                      ) : (
                        <Skeleton className="size-full" />
                      )}
                    </div>
                    <div className="flex min-w-0 flex-col gap-3">
                      <p className="text-sm font-semibold text-ink">1. Scan the QR code with the app</p>
                      <p className="text-sm leading-relaxed text-ink-muted">
                        Cannot scan it? Add an account by hand and type this key:
                      </p>
                      {setup ? (
                        <p
                          className="rounded-xl bg-mist px-4 py-3 font-mono text-base tracking-wider break-all text-ink select-all"
                          data-testid="totp-secret"
                        >
                          {groupSecret(setup.secret)}
                        </p>
                      ) : (
                        <Skeleton className="h-12 w-full" />
                      )}
                      <p className="text-xs text-ink-muted">Time-based, 6 digits, every 30 seconds.</p>
                    </div>
                  </li>
                  <li>
                    <form
                      ref={bindForm}
                      noValidate
                      onSubmit={(event) => void onSubmit(event)}
                      className="flex flex-col gap-4 sm:max-w-sm"
                    >
                      <p className="text-sm font-semibold text-ink">2. Enter the code the app shows</p>
                      <Field
                        label="Code"
                        {...form.field('code')}
                        describedBy={hintId}
                        hint={<FieldHint id={hintId}>6 digits.</FieldHint>}
                      >
                        {(control) => (
                          <Input
                            {...control}
                            {...form.text('code')}
                            autoComplete="one-time-code"
                            inputMode="numeric"
                            maxLength={9}
                            textSize="lg"
                            className="font-mono tracking-[0.3em]"
                          />
                        )}
                      </Field>
                      <Button type="submit" disabled={busy || !setup} className="self-start">
                        {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                        {busy ? 'Checking...' : 'Turn on two-factor sign-in'}
                      </Button>
                    </form>
                  </li>
                </ol>
              )}
            </CardContent>
          </Card>
        )}
      </div>
    </section>
  );
}
