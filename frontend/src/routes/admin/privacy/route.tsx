import { AlertTriangle, ArrowLeft, Clock, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, redirect } from 'react-router-dom';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import { formatDate, type DeletionRequestDetail, type DeletionRequestSummary, type StaffUser } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { ApiRequestError, apiRequest, loadJson } from '@/lib/api';
import { cn } from '@/lib/cn';

interface LoaderData {
  user: StaffUser;
  allowed: boolean;
  requests: DeletionRequestSummary[];
}

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: 'Privacy requests',
    description: 'Data deletion requests for the privacy team.',
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
  const allowed = user.role === 'admin' || user.role === 'super_admin';
  const requests = allowed
    ? ((await loadJson<DeletionRequestSummary[]>(context, '/api/admin/deletion-requests')) ?? [])
    : [];
  return { user, allowed, requests };
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
  const { allowed, requests } = useLoaderData<LoaderData>();
  const [selectedId, setSelectedId] = useState<string | null>(null);

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

  const open = requests.filter((request) => request.status !== 'completed' && request.status !== 'rejected');
  return (
    <section className="container-page space-y-8 py-12">
      <Link to="/admin" className="inline-flex items-center gap-2 text-sm font-medium text-ink-muted hover:text-ink">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to the dashboard
      </Link>
      <div className="space-y-2">
        <p className="eyebrow">Admin</p>
        <h1 className="heading-2">Privacy requests</h1>
        <p className="text-sm text-ink-muted">
          {open.length} open of {requests.length}. The statutory deadline is one month from receipt.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1.2fr_1fr] [&>*]:min-w-0">
        <Card className="min-w-0">
          {/* On a phone the table scrolls inside its card instead of widening the page. */}
          <div className="overflow-x-auto">
            {requests.length === 0 ? (
              <p className="p-6 text-sm text-ink-muted">No data deletion requests yet.</p>
            ) : (
              <table className="w-full text-left text-sm" data-testid="deletion-requests">
                <thead className="border-b border-line text-xs text-ink-muted uppercase">
                  <tr>
                    <th className="px-4 py-3 font-semibold">Request</th>
                    <th className="px-4 py-3 font-semibold">Status</th>
                    <th className="px-4 py-3 font-semibold">Deadline</th>
                  </tr>
                </thead>
                <tbody>
                  {requests.map((request) => (
                    <tr
                      key={request.id}
                      className={cn('border-b border-line last:border-0', selectedId === request.id && 'bg-beam-soft')}
                    >
                      <td className="px-4 py-3">
                        <button
                          type="button"
                          className="text-left font-mono font-semibold text-beam hover:underline"
                          onClick={() => setSelectedId(request.id)}
                        >
                          {request.requestId}
                        </button>
                        <div className="text-xs break-all text-ink-muted">{request.email ?? 'erased'}</div>
                      </td>
                      <td className="px-4 py-3">
                        <Badge variant={statusVariant[request.status]}>{request.status}</Badge>
                        <div className="mt-1 text-xs text-ink-muted">
                          {request.requestType === 'full_deletion' ? 'full' : 'partial'}
                        </div>
                      </td>
                      <td className="px-4 py-3">
                        <div className="whitespace-nowrap">{formatDate(request.deadlineAt, 'd MMM yyyy')}</div>
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
        {selectedId ? (
          <RequestDetail key={selectedId} id={selectedId} />
        ) : (
          <p className="text-sm text-ink-muted">Choose a request to see its detail.</p>
        )}
      </div>
    </section>
  );
}

function RequestDetail({ id }: { id: string }) {
  const revalidator = useRevalidator();
  const [detail, setDetail] = useState<DeletionRequestDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [text, setText] = useState('');
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

  async function act(action: 'approve' | 'reject' | 'complete') {
    setBusy(true);
    try {
      const body = action === 'reject' ? { reason: text } : action === 'complete' ? { note: text } : undefined;
      const response = await apiRequest('POST', `/api/admin/deletion-requests/${id}/${action}`, body);
      setDetail((await response.json()) as DeletionRequestDetail);
      setText('');
      toast({ title: `Request ${action === 'approve' ? 'approved' : action === 'reject' ? 'rejected' : 'completed'}` });
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

  const canApprove = detail.status === 'verified';
  const canReject = detail.status === 'received' || detail.status === 'verified' || detail.status === 'approved';
  const canComplete = detail.status === 'approved' && detail.requestType === 'partial_deletion';
  return (
    <Card className="min-w-0 scroll-mt-24 self-start" data-testid="deletion-request-detail">
      <CardHeader>
        <CardTitle ref={title} tabIndex={-1} className="font-mono break-all outline-none">
          {detail.requestId}
        </CardTitle>
        <CardDescription className="break-all">
          {detail.email ?? 'Address erased'} ·{' '}
          {detail.requestType === 'full_deletion' ? 'Full deletion' : 'Partial deletion'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5 text-sm">
        <dl className="grid grid-cols-2 gap-3">
          <dt className="text-ink-muted">Received</dt>
          <dd>{formatDateTime(detail.receivedAt)}</dd>
          <dt className="text-ink-muted">Deadline</dt>
          <dd className={cn(detail.overdue && 'font-semibold text-danger')}>{formatDateTime(detail.deadlineAt)}</dd>
          <dt className="text-ink-muted">Verified</dt>
          <dd>{formatDateTime(detail.verifiedAt)}</dd>
          <dt className="text-ink-muted">Status</dt>
          <dd>{detail.status}</dd>
        </dl>
        {detail.reason ? <p className="rounded-xl bg-mist p-3">“{detail.reason}”</p> : null}
        {detail.rejectionReason ? <p>Rejected: {detail.rejectionReason}</p> : null}
        {detail.completionNote ? <p>Completion note: {detail.completionNote}</p> : null}
        <ol className="space-y-1 border-l border-line pl-4 text-xs text-ink-muted">
          {detail.history.map((entry, index) => (
            <li key={index}>
              {formatDateTime(entry.createdAt)} · {entry.action}
              {entry.actor ? ` by ${entry.actor}` : ''}
            </li>
          ))}
        </ol>
        {canApprove || canReject || canComplete ? (
          <div className="space-y-3 border-t border-line pt-4">
            {canReject || canComplete ? (
              <div className="space-y-2">
                <Label htmlFor="privacy-action-text">
                  {canComplete ? 'Note (what was deleted) or rejection reason' : 'Rejection reason'}
                </Label>
                <Textarea
                  id="privacy-action-text"
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  height="sm"
                />
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {canApprove ? (
                <AlertDialog>
                  <AlertDialogTrigger asChild>
                    <Button size="sm" disabled={busy}>
                      Approve
                    </Button>
                  </AlertDialogTrigger>
                  <AlertDialogContent>
                    <AlertDialogHeader>
                      <AlertDialogTitle>Approve this deletion request?</AlertDialogTitle>
                      <AlertDialogDescription>
                        {detail.email ?? 'The requester'} will be e-mailed that the request was approved. This cannot be undone.
                      </AlertDialogDescription>
                    </AlertDialogHeader>
                    <AlertDialogFooter>
                      <AlertDialogCancel>Cancel</AlertDialogCancel>
                      <AlertDialogAction onClick={() => void act('approve')}>Approve and notify</AlertDialogAction>
                    </AlertDialogFooter>
                  </AlertDialogContent>
                </AlertDialog>
              ) : null}
              {canComplete ? (
                <Button size="sm" disabled={busy || !text.trim()} onClick={() => void act('complete')}>
                  Complete with note
                </Button>
              ) : null}
              {canReject ? (
                <Button
                  size="sm"
                  variant="destructive"
                  disabled={busy || !text.trim()}
                  onClick={() => void act('reject')}
                >
                  Reject
                </Button>
              ) : null}
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
