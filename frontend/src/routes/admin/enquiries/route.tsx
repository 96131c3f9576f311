import { Download, Search } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import {
  formatDate,
  contactServiceLabel,
  contactServiceOptions,
  enquiryStatuses,
  enquiryStatusLabels,
  site,
  unassignedFilter,
  type EnquirySummary,
  type ListPage,
  type StaffUser,
} from '@northbeam/common';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { EnquiryStatusBadge } from '@/components/admin/enquiry-status-badge';
import { ListPager } from '@/components/blog/pager';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Label } from '@/components/ui/label';
import { useListFilters, useListSearch } from '@/hooks/use-list-filters';
import { ApiRequestError, errorSentence, loadJson } from '@/lib/api';
import { listQuery } from '@/lib/list-query';
import { activeStaffMembers, requireStaffUser, signInAgain } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Enquiries',
    description: `Enquiries sent through the ${site.name} contact form.`,
    noindex: true,
  }),
};

const filterNames = ['status', 'service', 'assignee', 'from', 'to', 'q'] as const;

interface EnquiriesData {
  user: StaffUser;
  list: ListPage<EnquirySummary>;
  assignees: { id: string; name: string }[];
  /** The server refused the filters (a malformed date): its sentence. */
  problem?: string;
}

const emptyPage: ListPage<EnquirySummary> = { items: [], total: 0, page: 1, pageSize: 15 };

export async function loader({ context, request }: LoaderFunctionArgs): Promise<EnquiriesData> {
  const user = await requireStaffUser(context, request);
  const url = new URL(request.url);
  const [listResult, assignees] = await Promise.all([
    loadJson<ListPage<EnquirySummary>>(context, `/api/admin/enquiries${listQuery(url, filterNames)}`).then(
      (list) => ({ list, problem: undefined }),
      (error: unknown) => {
        if (error instanceof ApiRequestError && error.status === 400)
          return { list: emptyPage, problem: errorSentence(error) };
        throw error;
      },
    ),
    user.permissions.enquiries === 'all' ? activeStaffMembers(context, user) : Promise.resolve([]),
  ]);
  if (!listResult.list) signInAgain(request);
  return { user, list: listResult.list, assignees, problem: listResult.problem };
}

export function Component() {
  const { user, list, assignees, problem } = useLoaderData<typeof loader>();
  const { params, setFilters } = useListFilters();
  const { query, setQuery, submit } = useListSearch(params, setFilters);
  const ids = { status: useId(), service: useId(), assignee: useId(), from: useId(), to: useId() };
  const filtered = filterNames.some((name) => params.get(name));
  const assignedOnly = user.permissions.enquiries !== 'all';
  // The export takes the same filters as the list, without the page: it holds every match.
  const csvFilters = new URLSearchParams(
    filterNames.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])),
  ).toString();
  const csvQuery = csvFilters ? `?${csvFilters}` : '';

  return (
    <section className="container-page pt-10 pb-16 sm:pt-14">
      <AdminPageHeader
        title="Enquiries"
        description={
          assignedOnly
            ? 'The enquiries assigned to you, newest first.'
            : 'Every message sent through the contact form, newest first. We promise a reply within 48 hours.'
        }
        actions={
          <a
            href={`/api/admin/enquiries.csv${csvQuery}`}
            download
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            data-testid="enquiries-csv"
          >
            <Download aria-hidden="true" />
            Export CSV
          </a>
        }
      />

      <form
        role="search"
        aria-label="Filters"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="mt-8 grid gap-3 rounded-card border border-line bg-white p-4 shadow-card sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-[minmax(0,2fr)_repeat(5,minmax(0,1fr))] xl:items-end"
      >
        <div className="relative sm:col-span-2 lg:col-span-3 xl:col-span-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-muted"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search enquiries"
            placeholder="Search name, email, company, message..."
            className="pl-10"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <FilterSelect
          id={ids.status}
          label="Status"
          value={params.get('status')}
          onChange={(status) => setFilters({ status })}
        >
          <option value="">Any status</option>
          {enquiryStatuses.map((status) => (
            <option key={status} value={status}>
              {enquiryStatusLabels[status]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id={ids.service}
          label="Service"
          value={params.get('service')}
          onChange={(service) => setFilters({ service })}
        >
          <option value="">Any service</option>
          {contactServiceOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </FilterSelect>
        {assignedOnly ? null : (
          <FilterSelect
            id={ids.assignee}
            label="Assignee"
            value={params.get('assignee')}
            onChange={(assignee) => setFilters({ assignee })}
          >
            <option value="">Anyone</option>
            <option value={unassignedFilter}>Unassigned</option>
            {assignees.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </FilterSelect>
        )}
        <div className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-1 xl:col-span-2">
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={ids.from} className="text-xs text-ink-muted">
              From
            </Label>
            <Input
              id={ids.from}
              type="date"
              value={params.get('from') ?? ''}
              onChange={(event) => setFilters({ from: event.target.value || undefined })}
            />
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={ids.to} className="text-xs text-ink-muted">
              To
            </Label>
            <Input
              id={ids.to}
              type="date"
              value={params.get('to') ?? ''}
              onChange={(event) => setFilters({ to: event.target.value || undefined })}
            />
          </div>
        </div>
        {filtered ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="justify-self-start"
            onClick={() => setFilters(Object.fromEntries(filterNames.map((name) => [name, undefined])))}
          >
            Clear filters
          </Button>
        ) : null}
      </form>

      {problem ? (
        <Alert variant="destructive" className="mt-6">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : null}

      {list.items.length === 0 ? (
        <Card className="mt-6">
          <p className="py-14 text-center text-sm text-ink-muted" data-testid="enquiries-empty">
            {filtered
              ? 'No enquiries match these filters.'
              : assignedOnly
                ? 'No enquiries are assigned to you.'
                : 'No enquiries yet.'}
          </p>
        </Card>
      ) : (
        <ul className="mt-6 flex flex-col gap-3" data-testid="enquiries-list">
          {list.items.map((enquiry) => (
            <li key={enquiry.id}>
              <EnquiryRow enquiry={enquiry} />
            </li>
          ))}
        </ul>
      )}

      <ListPager list={list} noun="enquiries" />
    </section>
  );
}

function FilterSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string | null;
  onChange: (value: string | undefined) => void;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-ink-muted">
        {label}
      </Label>
      <Select
        id={id}

        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        {children}
      </Select>
    </div>
  );
}

/** One enquiry: a card that stacks at phone width and lines up in columns from 768 px. */
function EnquiryRow({ enquiry }: { enquiry: EnquirySummary }) {
  return (
    <Link
      to={`/admin/enquiries/${enquiry.id}`}
      className="grid gap-2 rounded-card border border-line bg-white p-4 shadow-card transition-colors hover:border-ink/30 md:grid-cols-[minmax(0,1.3fr)_minmax(0,2fr)_auto] md:items-center md:gap-6 md:px-6"
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
        <time className="text-xs text-ink-muted tabular-nums" dateTime={enquiry.createdAt}>
          {formatDate(enquiry.createdAt, 'd MMM yyyy, HH:mm')}
        </time>
      </span>
    </Link>
  );
}
