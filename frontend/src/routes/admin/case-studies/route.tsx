import { ExternalLink, EyeOff, Pencil, Plus, Send, Trash2 } from '@/components/ui/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import {
  caseStudyActions,
  caseStudyStatuses,
  caseStudyStatusLabels,
  formatDate,
  isDate,
  site,
  type AdminCaseStudy,
  type AdminCaseStudySummary,
  type CaseStudyStatus,
  type StaffUser,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { ListFilterBar, ListFilterSelect } from '@/components/admin/list-filters';
import { loadListPage } from '@/components/admin/list-loader';
import { ListEmptyCard, ListScreen, ListScreenRefusal } from '@/components/admin/list-screen';
import { RowActions } from '@/components/admin/row-actions';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useListScreenFilters } from '@/hooks/use-list-filters';
import { apiRequest, errorSentence, requestJson } from '@/lib/api';
import { formFromCaseStudy, payloadFromForm } from '../case-study-editor/case-study-form';
import { requireStaffUser } from '@/lib/staff';
import { cardSurface } from '@/components/ui/card';

export const handle: RouteHandle = {
  head: () => ({ title: 'Case studies', description: `${site.name} case studies.`, noindex: true }),
};

const filterNames = ['status', 'q'] as const;

/** A consultant's list is refused as a whole (403); filters the server does not accept give an empty page (400). */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user: StaffUser = await requireStaffUser(context, request);
  const load = await loadListPage<AdminCaseStudySummary>(context, request, {
    path: '/api/admin/case-studies',
    filters: { names: filterNames },
    screenRefusal: true,
  });
  return { user, ...load };
}

type Pending = { kind: 'delete' | 'unpublish'; caseStudy: AdminCaseStudySummary };

export function Component() {
  const { user, list, problem } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const filters = useListScreenFilters(filterNames);
  const [pending, setPending] = useState<Pending>();
  const [busy, setBusy] = useState(false);

  if (!list) return <ListScreenRefusal title="Case studies" problem={problem} />;

  /** Publish, unpublish or delete one row: the answer is a toast and the list loads again. */
  /** Deletes, or saves with a new status: the status travels with the save, so the record is read first. */
  const act = async (caseStudy: AdminCaseStudySummary, change: 'delete' | CaseStudyStatus, done: string) => {
    setBusy(true);
    try {
      const url = `/api/admin/case-studies/${caseStudy.id}`;
      if (change === 'delete') await apiRequest('DELETE', url);
      else {
        const current = await requestJson<AdminCaseStudy>('GET', url);
        await apiRequest('PUT', url, { ...payloadFromForm(formFromCaseStudy(current)), status: change });
      }
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
    <ListScreen
      header={
        <AdminPageHeader
          title="Case studies"
          description="Every case study, newest engagement first. Drafts are seen by staff only."
          // Adding one is the action without a row: `caseStudyActions` of a new case study.
          actions={
            caseStudyActions(null, user).includes('edit') ? (
              <Link to="/admin/case-studies/new" className={buttonVariants({ size: 'sm' })}>
                <Plus aria-hidden="true" />
                New case study
              </Link>
            ) : null
          }
        />
      }
      filters={
        <ListFilterBar
          filters={filters}
          search={{ label: 'Search case studies', placeholder: 'Search title, client, sector...' }}
          className="mt-8 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] sm:items-end lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]"
        >
          <ListFilterSelect
            name="status"
            label="Status"
            any="Any status"
            options={caseStudyStatuses.map((status) => [status, caseStudyStatusLabels[status]])}
          />
        </ListFilterBar>
      }
      problem={problem}
      list={list}
      noun="case studies"
      empty={
        <ListEmptyCard testId="case-studies-admin-empty">
          {filters.filtered ? 'No case studies match these filters.' : 'No case studies yet.'}
        </ListEmptyCard>
      }
      items={
        <ul className="mt-6 flex flex-col gap-3" data-testid="case-studies-admin-list">
          {list.items.map((caseStudy) => (
            <li key={caseStudy.id}>
              <div
                className={cardSurface({
                  className:
                    'grid grid-cols-[minmax(0,1fr)_auto] items-center gap-3 p-4 md:grid-cols-[6rem_minmax(0,1fr)_auto_auto] md:gap-5 md:px-5',
                })}
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
                    // The row's menu: what the server's `actions` allow, beside looking at it on the site.
                    actions={[
                      ...(caseStudy.actions.includes('edit')
                        ? [
                            {
                              label: 'Edit',
                              icon: Pencil,
                              onSelect: () => void navigate(`/admin/case-studies/${caseStudy.id}`),
                            },
                          ]
                        : []),
                      {
                        label: caseStudy.status === 'published' ? 'View on the site' : 'Preview the draft',
                        icon: ExternalLink,
                        onSelect: () => window.open(`/case-studies/${caseStudy.slug}`, '_blank', 'noopener'),
                      },
                      ...(caseStudy.status === 'published'
                        ? caseStudy.actions.includes('unpublish')
                          ? [
                              {
                                label: 'Unpublish',
                                icon: EyeOff,
                                onSelect: () => setPending({ kind: 'unpublish', caseStudy }),
                              },
                            ]
                          : []
                        : caseStudy.actions.includes('publish')
                          ? [
                              {
                                label: 'Publish',
                                icon: Send,
                                onSelect: () => void act(caseStudy, 'published', 'Case study published'),
                              },
                            ]
                          : []),
                      ...(caseStudy.actions.includes('delete')
                        ? [
                            {
                              label: 'Delete',
                              icon: Trash2,
                              danger: true,
                              onSelect: () => setPending({ kind: 'delete', caseStudy }),
                            },
                          ]
                        : []),
                    ]}
                  />
                </div>
              </div>
            </li>
          ))}
        </ul>
      }
    >
      <ConfirmDialog
        open={pending !== undefined}
        busy={busy}
        onClose={() => setPending(undefined)}
        title={pending?.kind === 'delete' ? 'Delete case study' : 'Unpublish case study'}
        description={
          pending?.kind === 'delete'
            ? `Are you sure you want to delete "${pending.caseStudy.title}"? It leaves the site at once and cannot be undone.`
            : 'This will take the case study off the site. Continue?'
        }
        destructive={pending?.kind === 'delete'}
        confirmLabel={pending?.kind === 'delete' ? 'Delete Case Study' : 'Unpublish'}
        busyLabel={pending?.kind === 'delete' ? 'Deleting...' : 'Unpublishing...'}
        onConfirm={() => {
          if (!pending) return;
          if (pending.kind === 'delete') void act(pending.caseStudy, 'delete', 'Case study deleted');
          else void act(pending.caseStudy, 'draft', 'Case study unpublished');
        }}
      />
    </ListScreen>
  );
}
