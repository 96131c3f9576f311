import { AlertTriangle, Clock } from '@/components/ui/icons';
import { useState } from 'react';
import { redirect } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import {
  deletionRequestStatuses,
  formatDate,
  privacyExtensionMonthsMax,
  privacyRequestStatusLabels,
  privacyRequestTypeLabels,
  privacyRequestTypes,
  type DeletionRequestSummary,
  type ListPage,
  type StaffUser,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { ListFilterBar, ListFilterSelect } from '@/components/admin/list-filters';
import { emptyListPage, loadListPage } from '@/components/admin/list-loader';
import { ListEmptyText } from '@/components/admin/list-screen';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ListPager } from '@/components/blog/pager';
import { useListScreenFilters } from '@/hooks/use-list-filters';
import { loadJson } from '@/lib/api';
import { cn } from '@/lib/cn';
import { BackLink } from '@/components/admin/back-link';
import { RequestDetail } from './request-detail';

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

const typeShort: Record<DeletionRequestSummary['requestType'], string> = {
  full_deletion: 'full',
  partial_deletion: 'partial',
  access: 'access',
};

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
