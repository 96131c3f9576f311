import { KeyRound, Laptop, ShieldCheck, ShieldOff, UserRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import {
  formatDate,
  limits,
  messages,
  roleLabels,
  site,
  type RecoveryCodes as RecoveryCodesAnswer,
  type StaffSession,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { RecoveryCodes } from '@/components/admin/recovery-codes';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { apiRequest, errorSentence, loadJson, requestJson } from '@/lib/api';
import { formText } from '@/lib/form-text';
import { forgetStaffUser, requireStaffUser, signInAgain } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({ title: 'Your account', description: `Your ${site.name} staff account.`, noindex: true }),
};

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = await requireStaffUser(context, request);
  const sessions = await loadJson<StaffSession[]>(context, '/api/admin/account/sessions');
  if (!sessions) signInAgain(request);
  return { user, sessions };
}

type PasswordAction = 'disable' | 'recovery-codes';

export function Component() {
  const { user, sessions } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [passwordAction, setPasswordAction] = useState<PasswordAction>();
  const [ending, setEnding] = useState<string>();

  const endSession = async (session: StaffSession) => {
    setEnding(session.id);
    try {
      await apiRequest('DELETE', `/api/admin/account/sessions/${session.id}`);
      toast({ title: `Signed out of ${session.browser}` });
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: 'The session was not ended', description: errorSentence(error), variant: 'destructive' });
    } finally {
      setEnding(undefined);
    }
  };

  return (
    <section className="container-page pt-10 pb-16 sm:pt-14">
      <AdminPageHeader
        eyebrow="Your account"
        title={user.name}
        description="Your details, how you sign in and where you are signed in."
      />

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <div className="flex flex-col gap-6">
          <Card data-testid="card-profile">
            <CardHeader>
              <UserRound className="size-6 text-beam" aria-hidden="true" />
              <CardTitle>Profile</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-[6rem_minmax(0,1fr)] gap-x-4 gap-y-3 text-sm">
                <dt className="text-ink-muted">Name</dt>
                <dd className="font-medium text-ink">{user.name}</dd>
                <dt className="text-ink-muted">Email</dt>
                <dd className="font-medium wrap-anywhere text-ink">{user.email}</dd>
                <dt className="text-ink-muted">Role</dt>
                <dd>
                  <Badge variant="secondary">{roleLabels[user.role]}</Badge>
                </dd>
              </dl>
              <p className="mt-5 text-xs leading-relaxed text-ink-muted">
                To change your name, e-mail address or role, ask a super admin. To change your password, sign out and
                use &ldquo;Forgot password?&rdquo;.
              </p>
            </CardContent>
          </Card>

          <Card data-testid="card-two-factor">
            <CardHeader>
              {user.twoFactorEnabled ? (
                <ShieldCheck className="size-6 text-success" aria-hidden="true" />
              ) : (
                <ShieldOff className="size-6 text-ink-muted" aria-hidden="true" />
              )}
              <div className="flex flex-wrap items-center gap-2">
                <CardTitle>Two-factor sign-in</CardTitle>
                <Badge variant={user.twoFactorEnabled ? 'default' : 'outline'}>
                  {user.twoFactorEnabled ? 'On' : 'Off'}
                </Badge>
              </div>
              <CardDescription>
                {user.twoFactorEnabled
                  ? 'Signing in asks for a code from your authenticator app, or one of your recovery codes.'
                  : 'Add a code from an app on your phone to your password, so a stolen password alone does not open the admin.'}
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-wrap gap-2">
              {user.twoFactorEnabled ? (
                <>
                  <Button variant="outline" size="sm" onClick={() => setPasswordAction('recovery-codes')}>
                    <KeyRound aria-hidden="true" />
                    New recovery codes
                  </Button>
                  <Button variant="ghost-danger" size="sm" onClick={() => setPasswordAction('disable')}>
                    Turn off
                  </Button>
                </>
              ) : (
                <Link to="/admin/account/two-factor" className={buttonVariants({ size: 'sm' })}>
                  <ShieldCheck aria-hidden="true" />
                  Set up two-factor sign-in
                </Link>
              )}
            </CardContent>
          </Card>
        </div>

        <Card className="self-start" data-testid="card-sessions">
          <CardHeader>
            <Laptop className="size-6 text-beam" aria-hidden="true" />
            <CardTitle>Where you are signed in</CardTitle>
            <CardDescription>Sign out of any browser you do not recognise or no longer use.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col" data-testid="sessions">
              {sessions.map((session) => (
                <li
                  key={session.id}
                  className="flex flex-wrap items-center justify-between gap-3 border-t border-line py-4 first:border-0 first:pt-0"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                      {session.browser}
                      {session.current ? <Badge variant="secondary">This browser</Badge> : null}
                    </p>
                    <p className="mt-0.5 text-xs text-ink-muted">
                      Signed in {formatDate(session.firstSeenAt, 'd MMM yyyy, HH:mm')} · last seen{' '}
                      {formatDate(session.lastSeenAt, 'd MMM yyyy, HH:mm')}
                    </p>
                  </div>
                  {session.current ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={ending === session.id}
                      aria-label={`Sign out ${session.browser}, last seen ${formatDate(session.lastSeenAt, 'd MMM yyyy, HH:mm')}`}
                      onClick={() => void endSession(session)}
                    >
                      {ending === session.id ? 'Signing out...' : 'Sign out'}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>

      <PasswordDialog
        action={passwordAction}
        email={user.email}
        onClose={() => setPasswordAction(undefined)}
        onDisabled={() => {
          forgetStaffUser();
          toast({ title: 'Two-factor sign-in is off' });
          void revalidator.revalidate();
        }}
      />
    </section>
  );
}

/** Turning two-factor sign-in off and making new recovery codes both ask for the password again. */
function PasswordDialog({
  action,
  email,
  onClose,
  onDisabled,
}: {
  action?: PasswordAction;
  email: string;
  onClose: () => void;
  onDisabled: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [codes, setCodes] = useState<string[]>();
  const ids = { password: useId() };

  const close = () => {
    if (busy) return;
    setError(undefined);
    setCodes(undefined);
    onClose();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = formText(new FormData(event.currentTarget), 'password');
    if (!password) {
      setError(messages.passwordRequired);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      if (action === 'disable') {
        await apiRequest('POST', '/api/admin/account/two-factor/disable', { password });
        setBusy(false);
        onClose();
        onDisabled();
      } else {
        setCodes(
          (await requestJson<RecoveryCodesAnswer>('POST', '/api/admin/account/two-factor/recovery-codes', { password }))
            .recoveryCodes,
        );
        setBusy(false);
      }
    } catch (failure) {
      setError(errorSentence(failure));
      setBusy(false);
    }
  };

  return (
    <AlertDialog open={action !== undefined} onOpenChange={(next) => (next ? undefined : close())}>
      <AlertDialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        {codes ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>Your new recovery codes</AlertDialogTitle>
              <AlertDialogDescription>Your old codes no longer work.</AlertDialogDescription>
            </AlertDialogHeader>
            <RecoveryCodes codes={codes} email={email} />
            <AlertDialogFooter>
              <Button onClick={close}>Done</Button>
            </AlertDialogFooter>
          </>
        ) : (
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
            <AlertDialogHeader>
              <AlertDialogTitle>
                {action === 'disable' ? 'Turn off two-factor sign-in?' : 'Make new recovery codes?'}
              </AlertDialogTitle>
              <AlertDialogDescription>
                {action === 'disable'
                  ? 'Signing in will ask for your password only. Enter your password to confirm.'
                  : 'Your current recovery codes stop working. Enter your password to confirm.'}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <Field label="Password" htmlFor={ids.password} error={error}>
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  name="password"
                  autoComplete="current-password"
                  maxLength={limits.passwordMax}
                />
              )}
            </Field>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
              <Button type="submit" variant={action === 'disable' ? 'destructive' : 'default'} disabled={busy}>
                {busy ? 'Checking...' : action === 'disable' ? 'Turn off' : 'Make new codes'}
              </Button>
            </AlertDialogFooter>
          </form>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
