import { useEffect, useId, useState } from 'react';
import { Link } from '@/components/ui/link';
import type { StaffUser, TeamMember } from '@northbeam/common';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { errorSentence, requestJson } from '@/lib/api';
import { forgetStaffUser } from '@/lib/staff';

/**
 * The team member your posts are credited to (docs/product.md#team): a new post's author is this
 * profile. Those who manage staff link their own account here (the same change as on Staff); everyone
 * else sees who they write as and who changes it.
 */
export function AuthorProfileCard({ user, onChanged }: { user: StaffUser; onChanged: () => void }) {
  const [team, setTeam] = useState<TeamMember[] | null>(null);
  const [chosen, setChosen] = useState(user.teamMemberId ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const selectId = useId();
  const manages = user.permissions.staff === 'all';

  useEffect(() => {
    let current = true;
    requestJson<TeamMember[]>('GET', '/api/admin/team/authors').then(
      (list) => current && setTeam(list),
      () => current && setTeam([]),
    );
    return () => {
      current = false;
    };
  }, []);

  const linked = team?.find((member) => member.id === user.teamMemberId);
  const save = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      await requestJson('PATCH', `/api/admin/staff/${encodeURIComponent(user.id)}`, { teamMemberId: chosen || null });
      forgetStaffUser();
      const member = team?.find((candidate) => candidate.id === chosen);
      toast({ title: member ? `You now write as ${member.name}.` : 'Your posts have no author by default now.' });
      onChanged();
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card data-testid="author-profile-card">
      <CardHeader>
        <CardTitle>Your author profile</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p data-testid="author-profile">
          {user.teamMemberId
            ? `Your posts are credited to ${linked?.name ?? 'your team profile'} and carry their byline.`
            : 'Your account is not linked to a team member: your new posts start with no author.'}
        </p>
        {manages ? (
          <div className="flex flex-col gap-2">
            <label htmlFor={selectId} className="font-medium text-ink">
              Write as
            </label>
            <Select id={selectId} value={chosen} onChange={(event) => setChosen(event.target.value)} disabled={!team}>
              <option value="">No team member</option>
              {(team ?? []).map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </Select>
            {problem ? (
              <p role="alert" className="text-danger">
                {problem}
              </p>
            ) : null}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="self-start"
              disabled={busy || chosen === (user.teamMemberId ?? '')}
              onClick={() => void save()}
            >
              {busy ? 'Saving...' : 'Save author profile'}
            </Button>
          </div>
        ) : (
          <p className="text-ink-muted">
            An administrator links your account to your team profile on{' '}
            {user.permissions.staff === 'read' ? (
              <Link to="/admin/staff" className="font-medium text-beam hover:underline">
                Staff
              </Link>
            ) : (
              'Staff'
            )}
            .
          </p>
        )}
      </CardContent>
    </Card>
  );
}
