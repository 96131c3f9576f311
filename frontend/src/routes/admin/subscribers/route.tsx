import { Trash2 } from '@/components/ui/icons';
import { useState } from 'react';
import { Link } from '@/components/ui/link';
import {
  formatDate,
  leadListMessages,
  site,
  subscriberStatuses,
  subscriberStatusLabels,
  subscribeSourceLabel,
  type StaffUser,
  type SubscriberCounts,
  type SubscriberStatus,
  type SubscriberSummary,
} from '@northbeam/common';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { ExportCsvLink, ListFilterBar, ListFilterSelect, exportQuery } from '@/components/admin/list-filters';
import { loadListPage, refusedAsNull } from '@/components/admin/list-loader';
import { ListEmptyCard, ListScreen } from '@/components/admin/list-screen';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useListScreenFilters } from '@/hooks/use-list-filters';
import { apiRequest, errorSentence, loadJson } from '@/lib/api';
import { cn } from '@/lib/cn';
import { requireStaffUser } from '@/lib/staff';
import { cardSurface } from '@/components/ui/card';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Subscribers',
    description: `Newsletter subscribers of ${site.name}.`,
    noindex: true,
  }),
};

const filterNames = ['status', 'q'] as const;

/**
 * The page and the counts by state. A role without access (403) or a malformed filter (400) gives the
 * server's sentence instead of the list, and no counts.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user: StaffUser = await requireStaffUser(context, request);
  const [{ list, problem }, counts] = await Promise.all([
    loadListPage<SubscriberSummary>(context, request, {
      path: '/api/admin/subscribers',
      filters: { names: filterNames },
      refusals: [400, 403],
    }),
    refusedAsNull(loadJson<SubscriberCounts>(context, '/api/admin/subscribers/counts'), [400, 403]),
  ]);
  return { user, list, counts: problem ? null : counts, problem };
}

const statusVariants: Record<SubscriberStatus, BadgeProps['variant']> = {
  pending: 'outline',
  confirmed: 'labs',
  unsubscribed: 'secondary',
};

export function Component() {
  const { list, counts, problem } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const filters = useListScreenFilters(filterNames);
  const { params, filtered } = filters;
  const [removing, setRemoving] = useState<SubscriberSummary>();
  const currentStatus = params.get('status');

  return (
    <ListScreen
      header={
        <AdminPageHeader
          title="Subscribers"
          description="Everyone who signed up for the newsletter, newest first. Only confirmed addresses receive an issue."
          actions={
            <ExportCsvLink
              href={`/api/admin/subscribers.csv${exportQuery(params, filterNames)}`}
              testId="subscribers-csv"
            />
          }
        />
      }
      filters={
        <>
          {counts ? (
            <ul className="mt-8 grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="subscriber-counts">
              {subscriberStatuses.map((status) => (
                <li key={status}>
                  <Link
                    to={currentStatus === status ? '/admin/subscribers' : `/admin/subscribers?status=${status}`}
                    aria-current={currentStatus === status ? 'true' : undefined}
                    className={cn(
                      'flex items-center justify-between rounded-card border bg-white px-5 py-4 shadow-card transition-colors hover:border-ink/30',
                      currentStatus === status ? 'border-ink' : 'border-line',
                    )}
                    data-testid={`subscriber-count-${status}`}
                  >
                    <span className="text-sm text-ink-muted">{subscriberStatusLabels[status]}</span>
                    <span className="font-display text-3xl font-semibold text-ink tabular-nums">{counts[status]}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <ListFilterBar
            filters={filters}
            search={{ label: 'Search subscribers', placeholder: 'Search email...' }}
            className="mt-6 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] sm:items-end lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]"
          >
            <ListFilterSelect
              name="status"
              label="State"
              any="Any state"
              options={subscriberStatuses.map((status) => [status, subscriberStatusLabels[status]])}
            />
          </ListFilterBar>
        </>
      }
      problem={problem}
      problemHidesList
      list={list}
      noun="subscribers"
      empty={
        <ListEmptyCard testId="subscribers-empty">
          {filtered ? 'No subscribers match these filters.' : 'No subscribers yet.'}
        </ListEmptyCard>
      }
      items={
        <ul className="mt-6 flex flex-col gap-3" data-testid="subscribers-list">
          {list.items.map((subscriber) => (
            <li key={subscriber.id}>
              <SubscriberRow subscriber={subscriber} onRemove={() => setRemoving(subscriber)} />
            </li>
          ))}
        </ul>
      }
    >
      <RemoveDialog
        subscriber={removing}
        onClose={() => setRemoving(undefined)}
        onDone={() => void revalidator.revalidate()}
      />
    </ListScreen>
  );
}

function DateLine({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <span className="text-xs whitespace-nowrap text-ink-muted">
      {label}{' '}
      <time className="tabular-nums" dateTime={value}>
        {formatDate(value, 'd MMM yyyy')}
      </time>
    </span>
  );
}

/** One subscriber: a card that stacks at phone width and lines up in columns from 768 px. */
function SubscriberRow({ subscriber, onRemove }: { subscriber: SubscriberSummary; onRemove: () => void }) {
  const origin = [subscriber.source && subscribeSourceLabel(subscriber.source), subscriber.page]
    .filter(Boolean)
    .join(' · ');
  return (
    <div
      className={cardSurface({
        className: 'grid gap-2 p-4 md:grid-cols-[minmax(0,1.6fr)_minmax(0,2fr)_auto] md:items-center md:gap-6 md:px-6',
      })}
      data-testid="subscriber-row"
    >
      <span className="flex min-w-0 flex-col">
        <span className="font-semibold break-all text-ink" data-testid="subscriber-email">
          {subscriber.email}
        </span>
        {origin ? <span className="truncate text-sm text-ink-muted">{origin}</span> : null}
      </span>
      <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <Badge variant={statusVariants[subscriber.status]} data-testid="subscriber-status">
          {subscriberStatusLabels[subscriber.status]}
        </Badge>
        <DateLine label="Subscribed" value={subscriber.subscribedAt} />
        <DateLine label="Confirmed" value={subscriber.confirmedAt} />
        <DateLine label="Unsubscribed" value={subscriber.unsubscribedAt} />
        {subscriber.blocked ? (
          <Badge variant="destructive" data-testid="subscriber-blocked">
            {subscriber.blocked === 'complaint' ? 'Complained: not sent to' : 'Hard bounce: not sent to'}
          </Badge>
        ) : null}
        {subscriber.bounces + subscriber.complaints > 0 ? (
          <span className="text-xs text-ink-muted tabular-nums" data-testid="subscriber-bounces">
            {subscriber.bounces} {subscriber.bounces === 1 ? 'bounce' : 'bounces'} · {subscriber.complaints}{' '}
            {subscriber.complaints === 1 ? 'complaint' : 'complaints'}
          </span>
        ) : null}
      </span>
      {subscriber.actions.includes('remove') ? (
        <span className="flex md:justify-end">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="hover:text-danger"
            onClick={onRemove}
            aria-label={`Remove ${subscriber.email}`}
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        </span>
      ) : null}
    </div>
  );
}

function RemoveDialog({
  subscriber,
  onClose,
  onDone,
}: {
  subscriber?: SubscriberSummary;
  onClose: () => void;
  onDone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const close = () => {
    if (busy) return;
    setError(undefined);
    onClose();
  };

  const onConfirm = async () => {
    if (!subscriber) return;
    setBusy(true);
    setError(undefined);
    try {
      await apiRequest('DELETE', `/api/admin/subscribers/${subscriber.id}`);
      toast({ title: leadListMessages.subscriberRemoved(subscriber.email) });
      setBusy(false);
      onClose();
      onDone();
    } catch (failure) {
      setError(errorSentence(failure));
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={subscriber !== undefined}
      busy={busy}
      onClose={close}
      title="Remove this subscriber?"
      description={
        <>
          <span className="font-medium break-all text-ink">{subscriber?.email}</span> is deleted from the list. Only a
          hash of the address is kept, so that it is never mailed again, even if it signs up again. This cannot be
          undone.
        </>
      }
      confirmLabel="Remove"
      busyLabel="Removing..."
      onConfirm={() => void onConfirm()}
      problem={{ text: error }}
    />
  );
}
