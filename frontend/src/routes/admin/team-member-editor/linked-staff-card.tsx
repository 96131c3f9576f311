import { useEffect, useId, useState } from 'react';
import type { AdminTeamMember, ListPage, StaffMember } from '@northbeam/common';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { errorSentence, requestJson } from '@/lib/api';

/**
 * The staff accounts that write as this member (their new posts are credited to them), for those who
 * manage staff: link an account found by name or e-mail, or unlink one. The same change as the
 * "Team member" action on Staff (PATCH /api/admin/staff/:id), recorded in the activity log there.
 */
export function LinkedStaffCard({ member }: { member: AdminTeamMember }) {
  const [linked, setLinked] = useState(member.staff);
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<StaffMember[]>([]);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const searchId = useId();
  const selectId = useId();

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      requestJson<ListPage<StaffMember>>('GET', `/api/admin/staff?q=${encodeURIComponent(search.trim())}`).then(
        (page) => {
          if (!current) return;
          const candidates = page.items.filter((account) => !account.disabled && account.teamMemberId !== member.id);
          setFound(candidates);
          setChosen((previous) => (candidates.some((account) => account.id === previous) ? previous : ''));
        },
        (error: unknown) => current && setProblem(errorSentence(error)),
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [search, member.id, linked]);

  const change = async (account: { id: string; name: string }, teamMemberId: string | null) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await requestJson('PATCH', `/api/admin/staff/${encodeURIComponent(account.id)}`, { teamMemberId });
      setLinked((list) =>
        teamMemberId
          ? [...list, { id: account.id, name: account.name }]
          : list.filter((entry) => entry.id !== account.id),
      );
      setChosen('');
      toast({
        title: teamMemberId
          ? `${account.name} now writes as ${member.name}`
          : `${account.name} is no longer linked to a team member`,
      });
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setBusy(false);
    }
  };

  const candidate = found.find((account) => account.id === chosen);
  return (
    <Card className="flex flex-col gap-4 p-6" data-testid="linked-staff">
      <h2 className="heading-3">Writes as {member.name}</h2>
      <p className="-mt-2 text-sm text-ink-muted">
        Staff accounts linked here have their new posts credited to this member.
      </p>
      {linked.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Linked staff accounts">
          {linked.map((account) => (
            <li key={account.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="font-medium text-ink">{account.name}</span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={busy}
                aria-label={`Unlink ${account.name}`}
                onClick={() => void change(account, null)}
              >
                Unlink
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-muted">No staff account is linked.</p>
      )}
      <div className="flex flex-col gap-2">
        <label htmlFor={searchId} className="text-sm font-medium text-ink">
          Find a staff account
        </label>
        <Input
          id={searchId}
          type="search"
          value={search}
          placeholder="Name or e-mail"
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches; it never submits the member's form.
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
        <label htmlFor={selectId} className="text-sm font-medium text-ink">
          Staff account to link
        </label>
        <Select id={selectId} value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">Choose an account</option>
          {found.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name || account.email} ({account.email})
            </option>
          ))}
        </Select>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          disabled={busy || !candidate}
          onClick={() =>
            candidate && void change({ id: candidate.id, name: candidate.name || candidate.email }, member.id)
          }
        >
          Link account
        </Button>
        {problem ? (
          <p role="alert" className="text-sm text-danger">
            {problem}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
