import { AlertTriangle, Clock, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, redirect } from 'react-router-dom';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import {
  deletionRequestStatuses,
  formatDate,
  privacyExtensionMonthsMax,
  privacyHistoryLabels,
  privacyRequestNextStep,
  privacyRequestStatusLabels,
  privacyRequestTypeLabels,
  privacyRequestTypes,
  type DeletionRequestDetail,
  type DeletionRequestSummary,
  type ListPage,
  type StaffUser,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { ListFilterBar, ListFilterSelect } from '@/components/admin/list-filters';
import { emptyListPage, loadListPage } from '@/components/admin/list-loader';
import { ListEmptyText } from '@/components/admin/list-screen';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ListPager } from '@/components/blog/pager';
import { toast } from '@/components/ui/toast';
import { useListScreenFilters } from '@/hooks/use-list-filters';
import { ApiRequestError, apiRequest, loadJson } from '@/lib/api';
import { cn } from '@/lib/cn';
import { BackLink } from '@/components/admin/back-link';

interface LoaderData {
  user: StaffUser;
  allowed: boolean;
  list: ListPage<DeletionRequestSummary>;
  /** The server refused the filters: its sentence. */
  problem?: string;
}

const filterNames = ['status', 'type', 'due', 'q'] as const;

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: 'Privacy requests',
    description: 'Data deletion and access requests for the privacy team.',
    canonicalPath: pathname.toLowerCase(),
    noindex: true,
  }),
};

/** Signed-out visitors go to the login; consultants see a refusal; admins get the list. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<LoaderData> {
  const user = await loadJson<StaffUser>(context, '/api/admin/user');
  if (!user) {
    const url = new URL(request.url);
    // React Router's redirect is a Response, which loaders throw by design.

    throw redirect(`/admin/login?redirect=${encodeURIComponent(url.pathname)}`);
  }
  const allowed = user.permissions.privacy === 'all';
  if (!allowed) return { user, allowed, list: emptyListPage<DeletionRequestSummary>() };
  const load = await loadListPage<DeletionRequestSummary>(context, request, {
    path: '/api/admin/deletion-requests',
    filters: { names: filterNames },
  });
  return { user, allowed, ...load };
}

const statusVariant: Record<DeletionRequestSummary['status'], 'default' | 'secondary' | 'outline' | 'destructive'> = {
  received: 'outline',
  verified: 'secondary',
  approved: 'default',
  rejected: 'destructive',
  completed: 'secondary',
};

function formatDateTime(value: string | null): string {
  return value ? formatDate(value, 'd MMM yyyy, HH:mm') : '-';
}

export function Component() {
  const { allowed, list, problem } = useLoaderData<LoaderData>();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const filters = useListScreenFilters(filterNames);
  const { filtered } = filters;

  if (!allowed) {
    return (
      <section className="container-page py-16">
        <Alert variant="destructive">
          <AlertTitle>Not allowed</AlertTitle>
          <AlertDescription>
            Only admins and super admins (the privacy team) can handle data deletion requests.
          </AlertDescription>
        </Alert>
      </section>
    );
  }

  const requests = list.items;
  return (
    <section className="container-page space-y-8 py-12">
      <BackLink to="/admin">Back to the dashboard</BackLink>
      <div className="space-y-2">
        <p className="eyebrow">Admin</p>
        <h1 className="heading-2">Privacy requests</h1>
        <p className="text-sm text-ink-muted">
          Deletion and access requests. Each is due one calendar month from receipt; it may be extended once, by up to{' '}
          {privacyExtensionMonthsMax} months.
        </p>
        <nav aria-label="Privacy records" className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
          <Link to="/admin/privacy/consent" className="text-beam underline underline-offset-4">
            Consent records
          </Link>
          <Link to="/admin/privacy/data-map" className="text-beam underline underline-offset-4">
            Data map
          </Link>
        </nav>
      </div>
      <ListFilterBar
        filters={filters}
        search={{
          label: 'Search requests',
          placeholder: 'Search e-mail or request ID...',
          className: 'sm:col-span-3 lg:col-span-1',
        }}
        className="grid gap-3 sm:grid-cols-3 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))] lg:items-end"
      >
        <ListFilterSelect
          name="status"
          label="Status"
          any="Any status"
          options={deletionRequestStatuses.map((status) => [status, privacyRequestStatusLabels[status]])}
        />
        <ListFilterSelect
          name="type"
          label="Type"
          any="Any type"
          options={privacyRequestTypes.map((type) => [type, privacyRequestTypeLabels[type]])}
        />
        <ListFilterSelect
          name="due"
          label="Due"
          any="Any due date"
          options={[
            ['soon', 'Due within 7 days'],
            ['overdue', 'Overdue'],
          ]}
        />
      </ListFilterBar>
      {problem ? (
        <Alert variant="destructive">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[1.2fr_1fr] [&>*]:min-w-0">
        <div className="min-w-0 space-y-4">
          <Card className="min-w-0">
            {/* On a phone the table scrolls inside its card instead of widening the page. */}
            <div className="overflow-x-auto">
              {requests.length === 0 ? (
                <ListEmptyText testId="privacy-requests-empty" className="p-6">
                  {filtered ? 'No requests match these filters.' : 'No privacy requests yet.'}
                </ListEmptyText>
              ) : (
                <table className="w-full text-left text-sm" data-testid="deletion-requests">
                  <thead className="border-b border-line text-xs text-ink-muted uppercase">
                    <tr>
                      <th className="px-4 py-3 font-semibold">Request</th>
                      <th className="px-4 py-3 font-semibold">Status</th>
                      <th className="px-4 py-3 font-semibold">Due</th>
                    </tr>
                  </thead>
                  <tbody>
                    {requests.map((request) => (
                      <tr
                        key={request.id}
                        className={cn(
                          'border-b border-line last:border-0',
                          selectedId === request.id && 'bg-beam-soft',
                        )}
                      >
                        <td className="px-4 py-3">
                          <button
                            type="button"
                            className="text-left font-mono font-semibold break-all text-beam hover:underline"
                            onClick={() => setSelectedId(request.id)}
                          >
                            {request.requestId}
                          </button>
                          <div className="text-xs break-all text-ink-muted">{request.email ?? 'erased'}</div>
                        </td>
                        <td className="px-4 py-3">
                          <Badge variant={statusVariant[request.status]}>
                            {privacyRequestStatusLabels[request.status]}
                          </Badge>
                          <div className="mt-1 text-xs text-ink-muted">{typeShort[request.requestType]}</div>
                        </td>
                        <td className="px-4 py-3">
                          <div className="whitespace-nowrap">{formatDate(request.deadlineAt, 'd MMM yyyy')}</div>
                          {request.extendedAt ? <div className="text-xs text-ink-muted">extended</div> : null}
                          {request.overdue ? (
                            <span className="inline-flex items-center gap-1 text-xs font-semibold text-danger">
                              <AlertTriangle className="size-3" aria-hidden="true" /> Overdue
                            </span>
                          ) : request.dueSoon ? (
                            <span className="inline-flex items-center gap-1 text-xs font-semibold text-immersive-deep">
                              <Clock className="size-3" aria-hidden="true" /> Due within 7 days
                            </span>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </div>
          </Card>
          <ListPager list={list} noun="requests" />
        </div>
        {selectedId ? (
          <RequestDetail key={selectedId} id={selectedId} />
        ) : (
          <p className="text-sm text-ink-muted">Choose a request to see its detail.</p>
        )}
      </div>
    </section>
  );
}

const typeShort: Record<DeletionRequestSummary['requestType'], string> = {
  full_deletion: 'full',
  partial_deletion: 'partial',
  access: 'access',
};

function RequestDetail({ id }: { id: string }) {
  const revalidator = useRevalidator();
  const [detail, setDetail] = useState<DeletionRequestDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [months, setMonths] = useState('1');
  const [extensionReason, setExtensionReason] = useState('');
  const [busy, setBusy] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  const shown = detail !== null;

  useEffect(() => {
    // Chosen from the list: the detail (below the list on a phone) comes into view and takes the focus.
    if (!shown) return;
    title.current?.focus({ preventScroll: true });
    title.current?.closest('[data-testid="deletion-request-detail"]')?.scrollIntoView({ block: 'start' });
  }, [shown]);

  useEffect(() => {
    let current = true;
    apiRequest('GET', `/api/admin/deletion-requests/${id}`)
      .then((response) => response.json() as Promise<DeletionRequestDetail>)
      .then((loaded) => current && setDetail(loaded))
      .catch(
        (error: unknown) =>
          current && setLoadError(error instanceof Error ? error.message : 'Failed to load the request'),
      );
    return () => {
      current = false;
    };
  }, [id]);

  async function act(action: 'approve' | 'reject' | 'complete' | 'extend') {
    setBusy(true);
    try {
      const body =
        action === 'reject'
          ? { reason: text }
          : action === 'complete'
            ? { note: text }
            : action === 'extend'
              ? { months: Number(months), reason: extensionReason }
              : undefined;
      const response = await apiRequest('POST', `/api/admin/deletion-requests/${id}/${action}`, body);
      setDetail((await response.json()) as DeletionRequestDetail);
      // Only the fields this decision sent are spent: a reason written meanwhile for another stays.
      if (action === 'extend') setExtensionReason('');
      else if (action !== 'approve') setText('');
      toast({ title: `Request ${doneLabels[action]}` });
      void revalidator.revalidate();
    } catch (error) {
      const message = error instanceof ApiRequestError ? (error.serverError ?? error.message) : 'Please try again.';
      toast({ title: 'Action failed', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  if (loadError) return <Alert variant="destructive">{loadError}</Alert>;
  if (!detail) return <Loader2 className="size-5 animate-spin text-ink-muted" aria-label="Loading" />;

  const access = detail.requestType === 'access';
  const canApprove = detail.actions.includes('approve');
  const canReject = detail.actions.includes('reject');
  const canComplete = detail.actions.includes('complete');
  const canExtend = detail.actions.includes('extend');
  const requester = detail.email ?? 'The requester';
  const nextStep = privacyRequestNextStep(detail);
  return (
    <Card className="min-w-0 scroll-mt-24 self-start" data-testid="deletion-request-detail">
      <CardHeader>
        <CardTitle ref={title} tabIndex={-1} className="font-mono break-all outline-none">
          {detail.requestId}
        </CardTitle>
        <CardDescription className="break-all">
          {detail.email ?? 'Address erased'} · {privacyRequestTypeLabels[detail.requestType]}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5 text-sm">
        <dl className="grid grid-cols-2 gap-3">
          <dt className="text-ink-muted">Received</dt>
          <dd>{formatDateTime(detail.receivedAt)}</dd>
          <dt className="text-ink-muted">Due</dt>
          <dd className={cn(detail.overdue && 'font-semibold text-danger')} data-testid="request-due">
            {formatDateTime(detail.deadlineAt)}
          </dd>
          <dt className="text-ink-muted">Verified</dt>
          <dd>{formatDateTime(detail.verifiedAt)}</dd>
          <dt className="text-ink-muted">Status</dt>
          <dd>{privacyRequestStatusLabels[detail.status]}</dd>
        </dl>
        {nextStep ? (
          <p className="rounded-xl border border-line p-3" data-testid="request-next-step">
            <span className="font-semibold">Next: </span>
            {nextStep}
          </p>
        ) : null}
        {detail.reason ? <p className="rounded-xl bg-mist p-3">“{detail.reason}”</p> : null}
        {detail.extensionReason ? (
          <p>
            Extended on {formatDateTime(detail.extendedAt)}: {detail.extensionReason}
          </p>
        ) : null}
        {detail.rejectionReason ? <p>Rejected: {detail.rejectionReason}</p> : null}
        {detail.completionNote ? <p>Completion note: {detail.completionNote}</p> : null}
        <ol className="space-y-1 border-l border-line pl-4 text-xs text-ink-muted">
          {detail.history.map((entry, index) => (
            <li key={index}>
              {formatDateTime(entry.createdAt)} · {privacyHistoryLabels[entry.action] ?? entry.action}
              {entry.actor ? ` by ${entry.actor}` : ''}
            </li>
          ))}
        </ol>
        {canApprove || canReject || canComplete ? (
          <div className="space-y-3 border-t border-line pt-4">
            {canReject || canComplete ? (
              <Field
                label={canComplete ? 'Note (what was deleted) or rejection reason' : 'Rejection reason'}
                htmlFor="privacy-action-text"
              >
                {(control) => (
                  <Textarea {...control} value={text} onChange={(event) => setText(event.target.value)} height="sm" />
                )}
              </Field>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {canApprove ? (
                <ConfirmAction
                  label="Approve"
                  disabled={busy}
                  title={access ? 'Approve this access request?' : 'Approve this deletion request?'}
                  description={
                    access
                      ? `${requester} will be e-mailed a one-use link to a copy of every record held about the address, valid 7 days.`
                      : `${requester} will be e-mailed that the request was approved. This cannot be undone.`
                  }
                  confirm={access ? 'Approve and send the data' : 'Approve and notify'}
                  onConfirm={() => void act('approve')}
                />
              ) : null}
              {canComplete ? (
                <ConfirmAction
                  label="Complete with note"
                  disabled={busy || !text.trim()}
                  title="Complete this deletion request?"
                  description={`${requester} will be e-mailed that the request is complete, with your note.`}
                  confirm="Complete and notify"
                  onConfirm={() => void act('complete')}
                />
              ) : null}
              {canReject ? (
                <ConfirmAction
                  label="Reject"
                  variant="destructive"
                  disabled={busy || !text.trim()}
                  title="Reject this request?"
                  description={`${requester} will be e-mailed that the request is rejected, with your reason.`}
                  confirm="Reject and notify"
                  onConfirm={() => void act('reject')}
                />
              ) : null}
            </div>
          </div>
        ) : null}
        {canExtend ? (
          <div className="space-y-3 border-t border-line pt-4" data-testid="extend-request">
            <p className="font-semibold">Extend the deadline (once)</p>
            <div className="grid gap-3 sm:grid-cols-[auto_1fr]">
              <Field label="By" htmlFor="privacy-extension-months">
                {(control) => (
                  <Select {...control} value={months} onChange={(event) => setMonths(event.target.value)}>
                    {Array.from({ length: privacyExtensionMonthsMax }, (_, index) => String(index + 1)).map((value) => (
                      <option key={value} value={value}>
                        {value === '1' ? '1 month' : `${value} months`}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label="Reason (sent to the requester)" htmlFor="privacy-extension-reason">
                {(control) => (
                  <Input
                    {...control}
                    value={extensionReason}
                    onChange={(event) => setExtensionReason(event.target.value)}
                  />
                )}
              </Field>
            </div>
            <ConfirmAction
              label="Extend"
              variant="outline"
              disabled={busy || !extensionReason.trim()}
              title="Extend this request’s deadline?"
              description={`${requester} will be e-mailed the new due date and your reason. A request can be extended only once.`}
              confirm="Extend and notify"
              onConfirm={() => void act('extend')}
            />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

const doneLabels = { approve: 'approved', reject: 'rejected', complete: 'completed', extend: 'extended' } as const;

/** A decision that mails the requester: asks for confirmation first. */
function ConfirmAction({
  label,
  title,
  description,
  confirm,
  disabled,
  variant,
  onConfirm,
}: {
  label: string;
  title: string;
  description: string;
  confirm: string;
  disabled: boolean;
  variant?: 'destructive' | 'outline';
  onConfirm: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant={variant} disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        description={description}
        confirmLabel={confirm}
        destructive={false}
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
      />
    </>
  );
}
