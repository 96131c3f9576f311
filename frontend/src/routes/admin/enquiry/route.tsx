import { useId, useState, type FormEvent } from 'react';
import {
  formatDate,
  contactServiceLabel,
  enquiryLimits,
  enquiryStatuses,
  enquiryStatusLabels,
  site,
  type EnquiryDetail,
  type EnquiryNote,
  type EnquiryStatus,
  type StaffUser,
  type UpdateEnquiryRequest,
} from '@northbeam/common';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { EnquiryStatusBadge } from '@/components/admin/enquiry-status-badge';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Label } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { ApiRequestError, errorSentence, loadJson, requestJson } from '@/lib/api';
import { refusedAsSentence } from '@/components/admin/list-loader';
import { activeStaffMembers, requireStaffUser, signInAgain } from '@/lib/staff';
import { BackLink } from '@/components/admin/back-link';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Enquiry',
    description: `An enquiry sent through the ${site.name} contact form.`,
    noindex: true,
  }),
};

interface EnquiryData {
  user: StaffUser;
  enquiry: EnquiryDetail | null;
  assignees: { id: string; name: string }[];
  /** The server's refusal (not found, not assigned to you). */
  refusal?: string;
}

export async function loader({ context, request, params }: LoaderFunctionArgs): Promise<EnquiryData> {
  const user = await requireStaffUser(context, request);
  const id = encodeURIComponent(params.id ?? '');
  const [result, assignees] = await Promise.all([
    refusedAsSentence(loadJson<EnquiryDetail>(context, `/api/admin/enquiries/${id}`), [403, 404]),
    user.permissions.enquiries === 'all' ? activeStaffMembers(context, user) : Promise.resolve([]),
  ]);
  if (result.value === null && !result.refusal) signInAgain(request);
  return { user, enquiry: result.value, assignees, refusal: result.refusal };
}

const backLink = <BackLink to="/admin/enquiries">All enquiries</BackLink>;

export function Component() {
  const { user, enquiry, assignees, refusal } = useLoaderData<typeof loader>();
  if (!enquiry) {
    return (
      <section className="container-page pt-10 pb-16 sm:pt-14">
        {backLink}
        <Alert variant="destructive" className="mt-6">
          <AlertDescription>{refusal}</AlertDescription>
        </Alert>
      </section>
    );
  }
  return <EnquiryScreen key={enquiry.id} user={user} enquiry={enquiry} assignees={assignees} />;
}

function EnquiryScreen({
  user,
  enquiry,
  assignees,
}: {
  user: StaffUser;
  enquiry: EnquiryDetail;
  assignees: { id: string; name: string }[];
}) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const ids = { status: useId(), assignee: useId() };
  const canAssign = user.permissions.enquiries === 'all';
  // The current assignee stays in the list even when their account was disabled since.
  const assigneeOptions =
    enquiry.assignee && !assignees.some((member) => member.id === enquiry.assignee?.id)
      ? [enquiry.assignee, ...assignees]
      : assignees;

  const change = async (changes: UpdateEnquiryRequest, done: string) => {
    setBusy(true);
    try {
      await requestJson<EnquiryDetail>('PATCH', `/api/admin/enquiries/${enquiry.id}`, changes);
      toast({ title: done });
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: errorSentence(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="container-page pt-10 pb-16 sm:pt-14">
      {backLink}
      <div className="mt-4">
        <AdminPageHeader
          eyebrow="Enquiry"
          title={enquiry.name}
          description={enquiry.company ?? undefined}
          actions={<EnquiryStatusBadge status={enquiry.status} />}
        />
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Message</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <Detail label="Email">
                <a href={`mailto:${enquiry.email}`} className="break-all text-beam hover:underline">
                  {enquiry.email}
                </a>
              </Detail>
              <Detail label="Service">{contactServiceLabel(enquiry.service) ?? 'Not given'}</Detail>
              <Detail label="Received">{formatDate(enquiry.createdAt, 'd MMM yyyy, HH:mm')}</Detail>
              {enquiry.company ? <Detail label="Company">{enquiry.company}</Detail> : null}
            </dl>
            <p
              className="rounded-xl bg-mist p-4 text-base leading-relaxed break-words whitespace-pre-wrap text-ink"
              data-testid="enquiry-message"
            >
              {enquiry.message}
            </p>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Handling</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={ids.status}>Status</Label>
              <Select
                id={ids.status}

                value={enquiry.status}
                disabled={busy}
                onChange={(event) => {
                  const status = event.target.value as EnquiryStatus;
                  void change({ status }, `Status set to ${enquiryStatusLabels[status]}`);
                }}
              >
                {enquiryStatuses.map((status) => (
                  <option key={status} value={status}>
                    {enquiryStatusLabels[status]}
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={ids.assignee}>Assignee</Label>
              {canAssign ? (
                <Select
                  id={ids.assignee}

                  value={enquiry.assignee?.id ?? ''}
                  disabled={busy}
                  onChange={(event) => {
                    const assigneeId = event.target.value || null;
                    const name = assigneeOptions.find((member) => member.id === assigneeId)?.name;
                    void change({ assigneeId }, name ? `Assigned to ${name}` : 'Unassigned');
                  }}
                >
                  <option value="">Unassigned</option>
                  {assigneeOptions.map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.name}
                    </option>
                  ))}
                </Select>
              ) : (
                <p id={ids.assignee} className="text-sm text-ink">
                  {enquiry.assignee?.name ?? 'Unassigned'}
                </p>
              )}
            </div>
          </CardContent>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Notes</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            {enquiry.notes.length === 0 ? (
              <p className="text-sm text-ink-muted">No notes yet.</p>
            ) : (
              <ol className="flex flex-col gap-3" data-testid="enquiry-notes">
                {enquiry.notes.map((note) => (
                  <NoteItem key={note.id} note={note} />
                ))}
              </ol>
            )}
            <NoteForm enquiryId={enquiry.id} onAdded={() => void revalidator.revalidate()} />
          </CardContent>
        </Card>

        <Card data-testid="enquiry-reading-path">
          <CardHeader>
            <CardTitle>Pages read before</CardTitle>
          </CardHeader>
          <CardContent>
            {enquiry.readingPath.length === 0 ? (
              <p className="text-sm text-ink-muted">
                None recorded: pages are kept with an enquiry only when the sender had accepted analytics cookies.
              </p>
            ) : (
              <ol className="flex flex-col gap-2 text-sm">
                {enquiry.readingPath.map((page, index) => (
                  <li key={index} className="flex min-w-0 flex-col">
                    <span className="truncate font-medium text-ink" title={page.path}>
                      {page.title ?? page.path}
                    </span>
                    <span className="truncate text-xs text-ink-muted">
                      {page.path} · {formatDate(page.readAt, 'd MMM yyyy, HH:mm')}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  );
}

function NoteItem({ note }: { note: EnquiryNote }) {
  return (
    <li className="rounded-xl border border-line p-4">
      <p className="text-xs text-ink-muted">
        {note.author?.name ?? 'Removed account'} ·{' '}
        <time dateTime={note.createdAt}>{formatDate(note.createdAt, 'd MMM yyyy, HH:mm')}</time>
      </p>
      <p className="mt-1.5 text-sm leading-relaxed break-words whitespace-pre-wrap text-ink">{note.body}</p>
    </li>
  );
}

function NoteForm({ enquiryId, onAdded }: { enquiryId: string; onAdded: () => void }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ids = { body: useId() };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await requestJson<EnquiryNote>('POST', `/api/admin/enquiries/${enquiryId}/notes`, { body });
      setBody('');
      onAdded();
    } catch (failure) {
      const fieldError = failure instanceof ApiRequestError ? failure.fieldErrors?.body?.[0] : undefined;
      setError(fieldError ?? errorSentence(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
      <Field label="Add a note" htmlFor={ids.body} error={error}>
        {(control) => (
          <Textarea
            {...control}
            value={body}
            rows={3}
            maxLength={enquiryLimits.noteMax}
            onChange={(event) => setBody(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" className="self-start" disabled={busy}>
        Add note
      </Button>
    </form>
  );
}
