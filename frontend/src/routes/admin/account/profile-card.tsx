import { UserRound } from '@/components/ui/icons';
import type { FormEvent } from 'react';
import { Link } from '@/components/ui/link';
import { roleLabels, type StaffUser } from '@northbeam/common';
import { StaffNameField, staffNameFrom } from '@/components/admin/staff-name-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { useForm } from '@/components/ui/use-form';
import { errorSentence, requestJson } from '@/lib/api';
import { forgetStaffUser } from '@/lib/staff';

/** Your own name (PATCH /api/admin/account): it shows in the admin, the activity log and on staff lists. */
function RenameForm({ user, onRenamed }: { user: StaffUser; onRenamed: () => void }) {
  const form = useForm<{ name: string }>({ initial: { name: user.name } });
  const { bindForm } = form;
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = staffNameFrom(form.values.name);
    if (form.showErrors({ name: read.error }) || read.error !== undefined) return;
    await form.run(
      'submit',
      async () => {
        await requestJson('PATCH', '/api/admin/account', { name: read.name });
        forgetStaffUser();
        toast({ title: 'Your name has been saved.' });
        onRenamed();
      },
      (failure) => form.showErrors({ name: errorSentence(failure) }),
    );
  };
  return (
    <form
      ref={bindForm}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-3"
      data-testid="rename-form"
    >
      <StaffNameField form={form} autoComplete="name" />
      <Button type="submit" variant="outline" size="sm" className="self-start" disabled={form.busy !== null}>
        {form.busy ? 'Saving...' : 'Save name'}
      </Button>
    </form>
  );
}

/** Your name, e-mail address and role, and who changes what you cannot. */
export function ProfileCard({ user, onRenamed }: { user: StaffUser; onRenamed: () => void }) {
  return (
    <Card data-testid="card-profile">
      <CardHeader>
        <UserRound className="size-6 text-beam" aria-hidden="true" />
        <CardTitle as="h2">Profile</CardTitle>
      </CardHeader>
      <CardContent>
        <RenameForm user={user} onRenamed={onRenamed} />
        <dl className="mt-5 grid grid-cols-[6rem_minmax(0,1fr)] gap-x-4 gap-y-3 text-sm">
          <dt className="text-ink-muted">Email</dt>
          <dd className="font-medium wrap-anywhere text-ink">{user.email}</dd>
          <dt className="text-ink-muted">Role</dt>
          <dd>
            <Badge variant="secondary">{roleLabels[user.role]}</Badge>
          </dd>
        </dl>
        <p className="mt-5 text-xs leading-relaxed text-ink-muted">
          To change your e-mail address or role, ask a super admin. To change your password, sign out and use
          &ldquo;Forgot password?&rdquo;.{' '}
          {user.teamMemberId ? (
            <>
              You write as a team member:{' '}
              <Link to={`/admin/team/${user.teamMemberId}`} className="font-medium text-beam hover:underline">
                edit your team profile
              </Link>
              .
            </>
          ) : (
            'A super admin can link your account to a team member, who is then the author of your posts.'
          )}
        </p>
      </CardContent>
    </Card>
  );
}
