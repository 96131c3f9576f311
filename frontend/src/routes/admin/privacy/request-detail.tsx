import { Loader2 } from '@/components/ui/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator } from '@/app/data-router';
import {
  formatDate,
  privacyExtensionMonthsMax,
  privacyHistoryLabels,
  privacyRequestNextStep,
  privacyRequestStatusLabels,
  privacyRequestTypeLabels,
  type DeletionRequestDetail,
} from '@northbeam/common';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { ApiRequestError, apiRequest } from '@/lib/api';
import { cn } from '@/lib/cn';
import { AccessReview, type ReviewState } from './access-review';

/** A moment of a request's life, or a dash when it has not come. */
function formatDateTime(value: string | null): string {
  return value ? formatDate(value, 'd MMM yyyy, HH:mm') : '-';
}

/** One request opened from the list: its facts, its history and the step it awaits. */
export function RequestDetail({ id }: { id: string }) {
  const revalidator = useRevalidator();
  const [detail, setDetail] = useState<DeletionRequestDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [months, setMonths] = useState('1');
  const [extensionReason, setExtensionReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [review, setReview] = useState<ReviewState | null>(null);
  const onReviewChange = useCallback((state: ReviewState) => setReview(state), []);
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
              : action === 'approve' && detail?.requestType === 'access'
                ? review?.decisions
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
        <ol className="space-y-1 border-l border-line pl-4 text-xs text-ink-muted" data-testid="request-history">
          {detail.history.map((entry, index) => (
            <li key={index}>
              {formatDateTime(entry.createdAt)} · {privacyHistoryLabels[entry.action] ?? entry.action}
              {entry.actor ? (
                <>
                  {' by '}
                  <span title={entry.actor.email ?? undefined} className="font-medium text-ink">
                    {entry.actor.name}
                  </span>
                </>
              ) : null}
              {entry.notes.length ? (
                <ul className="mt-1 list-disc space-y-0.5 pl-4 text-ink">
                  {entry.notes.map((note, noteIndex) => (
                    <li key={noteIndex}>{note}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
        {access && canApprove ? <AccessReview requestId={detail.id} onChange={onReviewChange} /> : null}
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
                  label={access ? 'Approve and disclose' : 'Approve'}
                  disabled={busy || (access && !review?.ready)}
                  title={access ? 'Approve this access request?' : 'Approve this deletion request?'}
                  description={
                    access
                      ? `${requester} will be e-mailed a one-use link, valid 7 days, to a copy of the ${review?.disclosed ?? 0} record(s) you kept; ${review?.leftOut ?? 0} left out, as the history will say.`
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
