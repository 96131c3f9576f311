import { Link } from '@/components/ui/link';
import { MessageSquareText } from '@/components/ui/icons';
import { buttonVariants } from '@/components/ui/button';
import {
  formatDate,
  contactServiceLabel,
  contactServiceOptions,
  enquiryStatuses,
  enquiryStatusLabels,
  site,
  unassignedFilter,
  waitedInWords,
  type EnquirySummary,
  type StaffUser,
} from '@northbeam/common';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { EnquiryStatusBadge } from '@/components/admin/enquiry-status-badge';
import {
  ExportCsvLink,
  ListDateRange,
  ListFilterBar,
  ListFilterSelect,
  exportQuery,
} from '@/components/admin/list-filters';
import { loadListPage } from '@/components/admin/list-loader';
import { ListEmptyCard, ListScreen } from '@/components/admin/list-screen';
import { useListScreenFilters } from '@/hooks/use-list-filters';
import { activeStaffMembers, requireStaffUser } from '@/lib/staff';
import { cardSurface } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Enquiries',
    description: `Enquiries sent through the ${site.name} contact form.`,
    noindex: true,
  }),
};

const filterNames = ['status', 'service', 'assignee', 'overdue', 'from', 'to', 'q'] as const;

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user: StaffUser = await requireStaffUser(context, request);
  const [{ list, problem }, assignees] = await Promise.all([
    loadListPage<EnquirySummary>(context, request, { path: '/api/admin/enquiries', filters: { names: filterNames } }),
    user.permissions.enquiries === 'all' ? activeStaffMembers(context, user) : Promise.resolve([]),
  ]);
  return { user, list, assignees, problem };
}

export function Component() {
  const { user, list, assignees, problem } = useLoaderData<typeof loader>();
  const filters = useListScreenFilters(filterNames);
  const { params, filtered } = filters;
  const assignedOnly = user.permissions.enquiries !== 'all';

  return (
    <ListScreen
      header={
        <AdminPageHeader
          title="Enquiries"
          description={
            assignedOnly
              ? 'The enquiries assigned to you, newest first.'
              : 'Every message sent through the contact form, newest first. We promise a reply within 48 hours.'
          }
          // The export takes the same filters as the list, without the page: it holds every match.
          actions={
            <>
              <Link
                to="/admin/reply-templates"
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
                data-testid="reply-templates-link"
              >
                <MessageSquareText aria-hidden="true" />
                Reply templates
              </Link>
              {assignedOnly ? null : (
                <Link
                  to="/admin/enquiries/unmatched"
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                  data-testid="unmatched-link"
                >
                  Unmatched mail
                </Link>
              )}
              <ExportCsvLink
                href={`/api/admin/enquiries.csv${exportQuery(params, filterNames)}`}
                testId="enquiries-csv"
              />
            </>
          }
        />
      }
      filters={
        <ListFilterBar
          filters={filters}
          search={{
            label: 'Search enquiries',
            placeholder: 'Search name, email, company, message...',
            className: 'sm:col-span-2 lg:col-span-3 xl:col-span-1',
          }}
          className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))] xl:items-end"
        >
          <ListFilterSelect
            name="status"
            label="Status"
            any="Any status"
            options={enquiryStatuses.map((status) => [status, enquiryStatusLabels[status]])}
          />
          <ListFilterSelect
            name="service"
            label="Service"
            any="Any service"
            options={contactServiceOptions.map((option) => [option.value, option.label])}
          />
          {assignedOnly ? null : (
            <ListFilterSelect
              name="assignee"
              label="Assignee"
              any="Anyone"
              options={[
                [unassignedFilter, 'Unassigned'],
                ...assignees.map((member) => [member.id, member.name] as const),
              ]}
            />
          )}
          <ListFilterSelect name="overdue" label="Waiting" any="Any" options={[['true', 'Overdue (over 48 hours)']]} />
          <ListDateRange className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-1 xl:col-span-2" />
        </ListFilterBar>
      }
      problem={problem}
      list={list}
      noun="enquiries"
      empty={
        <ListEmptyCard testId="enquiries-empty">
          {filtered
            ? 'No enquiries match these filters.'
            : assignedOnly
              ? 'No enquiries are assigned to you.'
              : 'No enquiries yet.'}
        </ListEmptyCard>
      }
      items={
        <ul className="mt-6 flex flex-col gap-3" data-testid="enquiries-list">
          {list.items.map((enquiry) => (
            <li key={enquiry.id}>
              <EnquiryRow enquiry={enquiry} />
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** One enquiry: a card that stacks at phone width and lines up in columns from 768 px. */
function EnquiryRow({ enquiry }: { enquiry: EnquirySummary }) {
  return (
    <Link
      to={`/admin/enquiries/${enquiry.id}`}
      className={cardSurface({
        className:
          'grid gap-2 p-4 transition-colors hover:border-ink/30 md:grid-cols-[minmax(0,1.3fr)_minmax(0,2fr)_auto] md:items-center md:gap-6 md:px-6',
      })}
      data-testid="enquiry-row"
    >
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-semibold text-ink">{enquiry.name}</span>
        <span className="truncate text-sm text-ink-muted">
          {enquiry.company ? `${enquiry.company} · ` : ''}
          {enquiry.email}
        </span>
      </span>
      <span className="line-clamp-2 min-w-0 text-sm text-ink-muted">{enquiry.excerpt}</span>
      <span className="flex flex-wrap items-center gap-2 md:justify-end">
        <EnquiryStatusBadge status={enquiry.status} />
        {enquiry.service ? (
          <span className="text-xs text-ink-muted">{contactServiceLabel(enquiry.service)}</span>
        ) : null}
        <span className="text-xs text-ink-muted">{enquiry.assignee ? enquiry.assignee.name : 'Unassigned'}</span>
        {enquiry.waitingSince ? (
          // The waited time moves with the clock: the browser's reading may differ from the server's by a minute.
          <span className="text-xs text-ink-muted" data-testid="enquiry-waited" suppressHydrationWarning>
            Waiting {waitedInWords(enquiry.waitingSince)}
          </span>
        ) : null}
        {enquiry.overdue ? (
          <Badge variant="destructive" data-testid="enquiry-overdue">
            Over 48 hours
          </Badge>
        ) : null}
        <time className="text-xs text-ink-muted tabular-nums" dateTime={enquiry.createdAt}>
          {formatDate(enquiry.createdAt, 'd MMM yyyy, HH:mm')}
        </time>
      </span>
    </Link>
  );
}
