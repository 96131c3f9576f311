import { useState, type FormEvent } from 'react';
import { site, type InboundMail } from '@northbeam/common';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { BackLink } from '@/components/admin/back-link';
import { loadListPage } from '@/components/admin/list-loader';
import { ListEmptyCard, ListScreen } from '@/components/admin/list-screen';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { errorSentence, requestJson, apiRequest } from '@/lib/api';
import { requireStaffUser } from '@/lib/staff';
import { AnswerItem } from '../enquiry/enquiry-answers';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Unmatched mail',
    description: `Mail in the ${site.name} connected mailbox that names no enquiry.`,
    noindex: true,
  }),
};

export async function loader({ context, request }: LoaderFunctionArgs) {
  await requireStaffUser(context, request);
  const { list, problem } = await loadListPage<InboundMail>(context, request, {
    path: '/api/admin/inbound-mail/unmatched',
    filters: { names: [] },
  });
  return { list, problem };
}

/** The enquiry's id from what was pasted: the id itself, or the enquiry's address in the admin. */
function enquiryIdOf(value: string): string {
  const match = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i.exec(value);
  return match ? match[1] : value.trim();
}

/**
 * Mail from the connected mailbox that named no enquiry we know (docs/inbound-mail.md): an admin
 * attaches each to its enquiry (it then counts as that enquiry's answer) or dismisses it. Nothing is dropped.
 */
export function Component() {
  const { list, problem } = useLoaderData<typeof loader>();
  const { revalidate } = useRevalidator();
  return (
    <ListScreen
      header={
        <>
          <BackLink to="/admin/enquiries">Enquiries</BackLink>
          <AdminPageHeader
            title="Unmatched mail"
            description="Mail that arrived in the connected mailbox without naming an enquiry. Attach each to its enquiry, or dismiss it."
          />
        </>
      }
      problem={problem}
      list={list}
      noun="mails"
      empty={<ListEmptyCard testId="unmatched-empty">Nothing waits here: every mail found its enquiry.</ListEmptyCard>}
      items={
        <ul className="mt-6 flex flex-col gap-4" data-testid="unmatched-list">
          {list.items.map((mail) => (
            <li key={mail.id} className="flex flex-col gap-2" data-testid="unmatched-mail">
              <ol>
                <AnswerItem answer={mail} />
              </ol>
              <UnmatchedActions mail={mail} onDone={revalidate} />
            </li>
          ))}
        </ul>
      }
    />
  );
}

function UnmatchedActions({ mail, onDone }: { mail: InboundMail; onDone: () => Promise<void> }) {
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = `attach-${mail.id}`;
  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
      toast({ title: done });
      await onDone();
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setBusy(false);
    }
  };
  const attach = (event: FormEvent) => {
    event.preventDefault();
    void act(
      () =>
        requestJson('POST', `/api/admin/inbound-mail/unmatched/${mail.id}/attach`, { enquiryId: enquiryIdOf(target) }),
      'Attached to the enquiry',
    );
  };
  return (
    <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={attach}>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <Label htmlFor={inputId} className="text-xs text-ink-muted">
          Enquiry (its address or id)
        </Label>
        <Input
          id={inputId}
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          placeholder="https://…/admin/enquiries/…"
          data-testid="attach-target"
        />
        {problem ? (
          <p className="text-xs text-danger" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy || target.trim() === ''} data-testid="attach-mail">
          Attach
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={busy}
          data-testid="dismiss-mail"
          onClick={() =>
            void act(() => apiRequest('POST', `/api/admin/inbound-mail/unmatched/${mail.id}/dismiss`), 'Dismissed')
          }
        >
          Dismiss
        </Button>
      </div>
    </form>
  );
}
