import { KeyRound, ShieldCheck, ShieldOff } from '@/components/ui/icons';
import { useState } from 'react';
import { Link } from '@/components/ui/link';
import { limits, messages, type RecoveryCodes as RecoveryCodesAnswer, type StaffUser } from '@northbeam/common';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { RecoveryCodes } from '@/components/admin/recovery-codes';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useForm } from '@/components/ui/use-form';
import { apiRequest, errorSentence, requestJson } from '@/lib/api';
import { forgetStaffUser } from '@/lib/staff';

type PasswordAction = 'disable' | 'recovery-codes';

/** Whether two-factor sign-in is on; setting it up, turning it off and new recovery codes. */
export function TwoFactorCard({ user, onDisabled }: { user: StaffUser; onDisabled: () => void }) {
  const [passwordAction, setPasswordAction] = useState<PasswordAction>();
  return (
    <>
      <Card data-testid="card-two-factor">
        <CardHeader>
          {user.twoFactorEnabled ? (
            <ShieldCheck className="size-6 text-success" aria-hidden="true" />
          ) : (
            <ShieldOff className="size-6 text-ink-muted" aria-hidden="true" />
          )}
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle as="h2">Two-factor sign-in</CardTitle>
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
      <PasswordDialog
        action={passwordAction}
        email={user.email}
        onClose={() => setPasswordAction(undefined)}
        onDisabled={() => {
          forgetStaffUser();
          toast({ title: 'Two-factor sign-in is off' });
          onDisabled();
        }}
      />
    </>
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
  const form = useForm<{ password: string }>({ initial: { password: '' } });
  const busy = form.busy !== null;
  const [codes, setCodes] = useState<string[]>();

  const close = () => {
    if (busy) return;
    form.reset({ password: '' });
    setCodes(undefined);
    onClose();
  };

  const onSubmit = async () => {
    const { password } = form.values;
    if (form.showErrors(password ? {} : { password: messages.passwordRequired })) return;
    await form.run(
      'submit',
      async () => {
        if (action === 'disable') {
          await apiRequest('POST', '/api/admin/account/two-factor/disable', { password });
          form.reset({ password: '' });
          onClose();
          onDisabled();
        } else {
          const answer = await requestJson<RecoveryCodesAnswer>(
            'POST',
            '/api/admin/account/two-factor/recovery-codes',
            { password },
          );
          form.reset({ password: '' });
          setCodes(answer.recoveryCodes);
        }
      },
      (failure) => form.showErrors({ password: errorSentence(failure) }),
    );
  };

  if (codes)
    return (
      <ConfirmDialog
        open={action !== undefined}
        onClose={close}
        title="Your new recovery codes"
        description="Your old codes no longer work."
        confirmLabel="Done"
        cancelLabel={null}
        destructive={false}
        onConfirm={close}
      >
        <RecoveryCodes codes={codes} email={email} />
      </ConfirmDialog>
    );
  return (
    <ConfirmDialog
      open={action !== undefined}
      busy={busy}
      onClose={close}
      title={action === 'disable' ? 'Turn off two-factor sign-in?' : 'Make new recovery codes?'}
      description={
        action === 'disable'
          ? 'Signing in will ask for your password only. Enter your password to confirm.'
          : 'Your current recovery codes stop working. Enter your password to confirm.'
      }
      confirmLabel={action === 'disable' ? 'Turn off' : 'Make new codes'}
      busyLabel="Checking..."
      destructive={action === 'disable'}
      onConfirm={() => void onSubmit()}
    >
      <Field label="Password" {...form.field('password')}>
        {(control) => (
          <Input
            {...control}
            {...form.text('password')}
            type="password"
            autoComplete="current-password"
            maxLength={limits.passwordMax}
          />
        )}
      </Field>
    </ConfirmDialog>
  );
}
