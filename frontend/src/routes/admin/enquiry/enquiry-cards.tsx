import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from '@/components/ui/link';
import {
  contactServiceLabel,
  enquiryStatuses,
  enquiryStatusLabels,
  formatDate,
  type EnquiryDetail,
  type EnquiryStatus,
  type UpdateEnquiryRequest,
} from '@northbeam/common';
import { EnquiryStatusBadge } from '@/components/admin/enquiry-status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/field';
import { Select } from '@/components/ui/select';

/** The enquiry's message, with who sent it, how to answer and when it came. */
export function MessageCard({ enquiry }: { enquiry: EnquiryDetail }) {
  return (
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
  );
}

/**
 * Status and assignee, as the enquiry's `actions` allow: `change_status` (`canChangeStatus`) chooses
 * the status, `assign` (`canAssign`) the assignee; otherwise each is only read. The current assignee
 * stays in the list even when their account was disabled since.
 */
export function HandlingCard({
  enquiry,
  assignees,
  canAssign,
  canChangeStatus,
  busy,
  change,
}: {
  enquiry: EnquiryDetail;
  assignees: { id: string; name: string }[];
  canAssign: boolean;
  canChangeStatus: boolean;
  busy: boolean;
  /** Saves a change; `done` is the toast once it is saved. */
  change: (changes: UpdateEnquiryRequest, done: string) => void;
}) {
  const ids = { status: useId(), assignee: useId() };
  const assigneeOptions =
    enquiry.assignee && !assignees.some((member) => member.id === enquiry.assignee?.id)
      ? [enquiry.assignee, ...assignees]
      : assignees;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Handling</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.status}>Status</Label>
          {canChangeStatus ? (
            <Select
              id={ids.status}

              value={enquiry.status}
              disabled={busy}
              onChange={(event) => {
                const status = event.target.value as EnquiryStatus;
                change({ status }, `Status set to ${enquiryStatusLabels[status]}`);
              }}
            >
              {enquiryStatuses.map((status) => (
                <option key={status} value={status}>
                  {enquiryStatusLabels[status]}
                </option>
              ))}
            </Select>
          ) : (
            <p id={ids.status} className="text-sm text-ink">
              {enquiryStatusLabels[enquiry.status]}
            </p>
          )}
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
                change({ assigneeId }, name ? `Assigned to ${name}` : 'Unassigned');
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
  );
}

/** The sender's earlier enquiries, each with how many replies it had. */
export function HistoryCard({ enquiry }: { enquiry: EnquiryDetail }) {
  return (
    <Card data-testid="enquiry-history">
      <CardHeader>
        <CardTitle>Earlier enquiries</CardTitle>
      </CardHeader>
      <CardContent>
        {enquiry.history.length === 0 ? (
          <p className="text-sm text-ink-muted">None from {enquiry.email}.</p>
        ) : (
          <ol className="flex flex-col gap-3 text-sm">
            {enquiry.history.map((item) => (
              <li key={item.id} className="flex min-w-0 flex-col gap-1">
                <span className="flex items-center gap-2">
                  <Link to={`/admin/enquiries/${item.id}`} className="font-medium text-beam hover:underline">
                    <time dateTime={item.createdAt}>{formatDate(item.createdAt, 'd MMM yyyy, HH:mm')}</time>
                  </Link>
                  <EnquiryStatusBadge status={item.status} testId="enquiry-history-status" />
                </span>
                <span className="line-clamp-2 break-words text-ink-muted">{item.excerpt}</span>
                <span className="text-xs text-ink-muted">
                  {item.replies === 0 ? 'No replies' : item.replies === 1 ? '1 reply' : `${item.replies} replies`}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/** The pages the sender read before writing (kept only with their analytics consent). */
export function ReadingPathCard({ enquiry }: { enquiry: EnquiryDetail }) {
  return (
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
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  );
}
