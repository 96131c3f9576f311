import { ExternalLink, EyeOff, Pencil, Plus, Search, Send, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import {
  caseStudyStatuses,
  caseStudyStatusLabels,
  formatDate,
  isDate,
  site,
  type AdminCaseStudySummary,
  type ListPage,
  type StaffUser,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { RowActions } from '@/components/admin/row-actions';
import { ListPager } from '@/components/blog/pager';
import { Alert, AlertDescription } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { useListFilters, useListSearch } from '@/hooks/use-list-filters';
import { ApiRequestError, apiRequest, errorSentence, loadJson } from '@/lib/api';
import { listQuery } from '@/lib/list-query';
import { requireStaffUser, signInAgain } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({ title: 'Case studies', description: `${site.name} case studies.`, noindex: true }),
};

const filterNames = ['status', 'q'] as const;

interface CaseStudiesData {
  user: StaffUser;
  list: ListPage<AdminCaseStudySummary> | null;
  /** The server's refusal: a consultant (403) or filters it does not accept (400). */
  problem?: string;
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<CaseStudiesData> {
  const user = await requireStaffUser(context, request);
  try {
    const list = await loadJson<ListPage<AdminCaseStudySummary>>(
      context,
      `/api/admin/case-studies${listQuery(new URL(request.url), filterNames)}`,
    );
    if (!list) signInAgain(request);
    return { user, list };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 403)
      return { user, list: null, problem: errorSentence(error) };
    if (error instanceof ApiRequestError && error.status === 400)
      return { user, list: { items: [], total: 0, page: 1, pageSize: 15 }, problem: errorSentence(error) };
    throw error;
  }
}

type Pending = { kind: 'delete' | 'unpublish'; caseStudy: AdminCaseStudySummary };

export function Component() {
  const { list, problem } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const { params, setFilters } = useListFilters();
  const { query, setQuery, submit } = useListSearch(params, setFilters);
  const statusId = useId();
  const [pending, setPending] = useState<Pending>();
  const [busy, setBusy] = useState(false);
  const filtered = filterNames.some((name) => params.get(name));

  if (!list) {
    return (
      <section className="container-page py-10 sm:py-14">
        <AdminPageHeader title="Case studies" />
        <Alert variant="destructive" className="mt-8">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      </section>
    );
  }

  /** Publish, unpublish or delete one row: the answer is a toast and the list loads again. */
  const act = async (caseStudy: AdminCaseStudySummary, method: 'POST' | 'DELETE', path: string, done: string) => {
    setBusy(true);
    try {
      await apiRequest(method, `/api/admin/case-studies/${caseStudy.id}${path}`);
      toast({ title: done, description: caseStudy.title });
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: `${caseStudy.title}: not done`, description: errorSentence(error), variant: 'destructive' });
    } finally {
      setBusy(false);
      setPending(undefined);
    }
  };

  return (
    <section className="container-page pt-10 pb-16 sm:pt-14">
      <AdminPageHeader
        title="Case studies"
        description="Every case study, newest engagement first. Drafts are seen by staff only."
        actions={
          <Link to="/admin/case-studies/new" className={buttonVariants({ size: 'sm' })}>
            <Plus aria-hidden="true" />
            New case study
          </Link>
        }
      />

      <form
        role="search"
        aria-label="Filters"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="mt-8 grid gap-3 rounded-card border border-line bg-white p-4 shadow-card sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] sm:items-end lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]"
      >
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-muted"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search case studies"
            placeholder="Search title, client, sector..."
            className="pl-10"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={statusId} className="text-xs text-ink-muted">
            Status
          </Label>
          <Select
            id={statusId}
            value={params.get('status') ?? ''}
            onChange={(event) => setFilters({ status: event.target.value || undefined })}
          >
            <option value="">Any status</option>
            {caseStudyStatuses.map((status) => (
              <option key={status} value={status}>
                {caseStudyStatusLabels[status]}
              </option>
            ))}
          </Select>
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
          <p className="py-14 text-center text-sm text-ink-muted" data-testid="case-studies-admin-empty">
            {filtered ? 'No case studies match these filters.' : 'No case studies yet.'}
          </p>
        </Card>
      ) : (
        <ul className="mt-6 flex flex-col gap-3" data-testid="case-studies-admin-list">
          {list.items.map((caseStudy) => (
            <li key={caseStudy.id}>
              <div
                className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-3 rounded-card border border-line bg-white p-4 shadow-card md:grid-cols-[6rem_minmax(0,1fr)_auto_auto] md:gap-5 md:px-5"
                data-testid="case-study-row"
              >
                <img
                  src={caseStudy.hero_image}
                  alt=""
                  width={96}
                  height={54}
                  loading="lazy"
                  decoding="async"
                  className="hidden aspect-video w-24 rounded-lg bg-mist object-cover md:block"
                />
                <div className="flex min-w-0 flex-col gap-0.5">
                  <Link
                    to={`/admin/case-studies/${caseStudy.id}`}
                    className="font-semibold break-words text-ink hover:underline"
                  >
                    {caseStudy.title}
                  </Link>
                  <span className="text-sm break-words text-ink-muted">
                    {caseStudy.client} · {caseStudy.sector}
                  </span>
                </div>
                <div className="col-span-2 row-start-2 flex flex-wrap items-center gap-2 md:col-span-1 md:row-start-auto md:justify-end">
                  <Badge variant={caseStudy.status === 'published' ? 'default' : 'outline'}>
                    {caseStudyStatusLabels[caseStudy.status]}
                  </Badge>
                  <time className="text-xs text-ink-muted tabular-nums" dateTime={caseStudy.date}>
                    {isDate(caseStudy.date) ? formatDate(caseStudy.date, 'MMMM yyyy') : caseStudy.date}
                  </time>
                </div>
                <div className="col-start-2 row-start-1 md:col-start-auto md:row-start-auto">
                  <RowActions
                    label={`Actions for "${caseStudy.title}"`}
                    actions={[
                      {
                        label: 'Edit',
                        icon: Pencil,
                        onSelect: () => void navigate(`/admin/case-studies/${caseStudy.id}`),
                      },
                      {
                        label: caseStudy.status === 'published' ? 'View on the site' : 'Preview the draft',
                        icon: ExternalLink,
                        onSelect: () => window.open(`/case-studies/${caseStudy.slug}`, '_blank', 'noopener'),
                      },
                      caseStudy.status === 'published'
                        ? {
                            label: 'Unpublish',
                            icon: EyeOff,
                            onSelect: () => setPending({ kind: 'unpublish', caseStudy }),
                          }
                        : {
                            label: 'Publish',
                            icon: Send,
                            onSelect: () => void act(caseStudy, 'POST', '/publish', 'Case study published'),
                          },
                      {
                        label: 'Delete',
                        icon: Trash2,
                        danger: true,
                        onSelect: () => setPending({ kind: 'delete', caseStudy }),
                      },
                    ]}
                  />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}

      <ListPager list={list} noun="case studies" />

      <AlertDialog
        open={pending !== undefined}
        onOpenChange={(open) => (!open && !busy ? setPending(undefined) : undefined)}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {pending?.kind === 'delete' ? 'Delete case study' : 'Unpublish case study'}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {pending?.kind === 'delete'
                ? `Are you sure you want to delete "${pending.caseStudy.title}"? It leaves the site at once and cannot be undone.`
                : 'This will take the case study off the site. Continue?'}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
            <Button
              variant={pending?.kind === 'delete' ? 'destructive' : 'default'}
              disabled={busy}
              onClick={() => {
                if (!pending) return;
                if (pending.kind === 'delete') void act(pending.caseStudy, 'DELETE', '', 'Case study deleted');
                else void act(pending.caseStudy, 'POST', '/unpublish', 'Case study unpublished');
              }}
            >
              {pending?.kind === 'delete'
                ? busy
                  ? 'Deleting...'
                  : 'Delete Case Study'
                : busy
                  ? 'Unpublishing...'
                  : 'Unpublish'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
