import { AlertTriangle, Eye, FileText, Pencil, Plus, Trash2 } from '@/components/ui/icons';
import { useId, useState } from 'react';
import { Link } from '@/components/ui/link';
import { useLoaderData, useRevalidator, useRouteError, type LoaderFunctionArgs } from '@/app/data-router';
import {
  formatDate,
  isPostSection,
  limits,
  postStatusLabels,
  sectionLabels,
  site,
  type AdminPostCount,
  type AdminPostSummary,
  type PostSection,
  type StaffUser,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { ListSearchInput } from '@/components/admin/list-filters';
import { loadListPage, refusedAsNull, type ListFilterSpec } from '@/components/admin/list-loader';
import { ListPager } from '@/components/blog/pager';
import { SectionBadge } from '@/components/page/section-badge';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, cardSurface } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { useListFilters, useListSearch } from '@/hooks/use-list-filters';
import { apiRequest, errorSentence, loadJson } from '@/lib/api';
import { cn } from '@/lib/cn';
import { requireStaffUser } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({ title: 'Blog posts', description: `Manage ${site.name} blog posts.`, noindex: true }),
};

type SectionFilter = 'all' | PostSection;
type StatusTab = 'all' | 'published' | 'draft' | 'in_review' | 'scheduled';

const sectionFilters: { value: SectionFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'labs', label: sectionLabels.labs },
  { value: 'consulting', label: sectionLabels.consulting },
];

const statusTabs: { value: StatusTab; label: string }[] = [
  { value: 'all', label: 'All Posts' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Drafts' },
  // The review queue and the schedule (docs/product.md#publishing); `?status=in_review` opens that tab.
  { value: 'in_review', label: postStatusLabels.in_review },
  { value: 'scheduled', label: postStatusLabels.scheduled },
];

function isStatusTab(value: string | null): value is StatusTab {
  return statusTabs.some((tab) => tab.value === value);
}

/** A section or status the screen does not offer is left out, as the screen then shows all. */
const filters: ListFilterSpec = {
  names: ['section', 'status', 'q'],
  accepts: { section: isPostSection, status: (status) => isStatusTab(status) && status !== 'all' },
};

/**
 * One page of the posts the address asks for, from the server (docs/product.md#posts-in-the-back-office),
 * and how many posts match the search by section and status (the figures of the filter buttons). The
 * server's refusal of the filters (400) gives its sentence, an empty page and no figures.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user: StaffUser = await requireStaffUser(context, request);
  const search = new URL(request.url).searchParams.get('q')?.trim();
  const [{ list, problem }, counts] = await Promise.all([
    loadListPage<AdminPostSummary>(context, request, {
      path: '/api/admin/posts',
      filters,
      pageSize: limits.adminPostsPageSize,
    }),
    refusedAsNull(
      loadJson<AdminPostCount[]>(
        context,
        `/api/admin/posts/counts${search ? `?${new URLSearchParams({ q: search })}` : ''}`,
      ),
    ),
  ]);
  return { user, list, counts: problem ? [] : (counts ?? []), problem };
}

/** 'Published {date}' for a post as first published, 'Updated {date}' once revised (or for a draft). */
function dateLine(post: AdminPostSummary): string {
  if (post.status === 'scheduled' && post.publishAt)
    return `Scheduled for ${formatDate(post.publishAt, 'd MMM yyyy, HH:mm')}`;
  if (post.revisionDate) return `Updated ${formatDate(post.revisionDate, 'd MMM yyyy')}`;
  if (post.status === 'published' && post.publishedAt) return `Published ${formatDate(post.publishedAt, 'd MMM yyyy')}`;
  return `Updated ${formatDate(post.updatedAt, 'd MMM yyyy')}`;
}

function PageHeading() {
  return (
    <>
      <div className="container-page flex flex-col gap-4 pt-10 sm:flex-row sm:items-end sm:justify-between sm:pt-14">
        <div>
          <p className="eyebrow">Admin</p>
          <h1 className="heading-1 mt-2">Blog posts</h1>
        </div>
        <Link to="/admin/posts/new" className={buttonVariants({ className: 'self-start sm:self-auto' })}>
          <Plus aria-hidden="true" />
          New Post
        </Link>
      </div>
    </>
  );
}

export function Component() {
  const { list, counts, problem } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const { params, setFilters } = useListFilters();
  const { query, setQuery } = useListSearch(params, setFilters);
  const requestedSection = params.get('section') ?? '';
  const section: SectionFilter = isPostSection(requestedSection) ? requestedSection : 'all';
  const requestedTab = params.get('status');
  const tab: StatusTab = isStatusTab(requestedTab) ? requestedTab : 'all';
  const tabsId = useId();
  const [pendingDelete, setPendingDelete] = useState<AdminPostSummary>();
  const [deleting, setDeleting] = useState(false);

  const count = (matches: (row: AdminPostCount) => boolean) =>
    counts.filter(matches).reduce((sum, row) => sum + row.count, 0);
  const sectionCounts: Record<SectionFilter, number> = {
    all: count(() => true),
    labs: count((row) => row.section === 'labs'),
    consulting: count((row) => row.section === 'consulting'),
  };
  const inSection = (row: AdminPostCount) => section === 'all' || row.section === section;
  const tabCounts: Record<StatusTab, number> = {
    all: count(inSection),
    published: count((row) => inSection(row) && row.status === 'published'),
    draft: count((row) => inSection(row) && row.status === 'draft'),
    in_review: count((row) => inSection(row) && row.status === 'in_review'),
    scheduled: count((row) => inSection(row) && row.status === 'scheduled'),
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      await apiRequest('DELETE', `/api/admin/posts/${pendingDelete.id}`);
      toast({ title: 'Post deleted', description: `"${pendingDelete.title}" was deleted.` });
      setPendingDelete(undefined);
      await revalidator.revalidate();
    } catch (error) {
      toast({
        title: `Failed to delete post: ${errorSentence(error)}`,
        variant: 'destructive',
      });
      setPendingDelete(undefined);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <PageHeading />
      <section className="container-page pt-8 pb-16">
        <div
          className={cardSurface({
            className: 'flex flex-col gap-4 p-4 lg:flex-row lg:items-center lg:justify-between',
          })}
        >
          <ListSearchInput
            className="w-full lg:max-w-sm"
            label="Search posts"
            placeholder="Search posts..."
            value={query}
            onChange={setQuery}
          />
          <div className="flex flex-wrap gap-2" role="group" aria-label="Section">
            {sectionFilters.map((filter) => (
              <Button
                key={filter.value}
                size="sm"
                variant={section === filter.value ? 'default' : 'outline'}
                aria-pressed={section === filter.value}
                onClick={() => setFilters({ section: filter.value === 'all' ? undefined : filter.value })}
              >
                {filter.label} ({sectionCounts[filter.value]})
              </Button>
            ))}
          </div>
        </div>

        <div
          role="tablist"
          aria-label="Status"
          className="mt-6 inline-flex max-w-full flex-wrap gap-y-1 rounded-3xl bg-mist p-1"
        >
          {statusTabs.map((item) => (
            <button
              key={item.value}
              type="button"
              role="tab"
              id={`${tabsId}-${item.value}`}
              aria-selected={tab === item.value}
              aria-controls={tab === item.value ? `${tabsId}-panel` : undefined}
              onClick={() => setFilters({ status: item.value === 'all' ? undefined : item.value })}
              className={cn(
                'rounded-full px-4 py-1.5 text-sm font-medium transition-colors',
                tab === item.value ? 'bg-white text-ink shadow-card' : 'text-ink-muted hover:text-ink',
              )}
            >
              {item.label} ({tabCounts[item.value]})
            </button>
          ))}
        </div>

        {problem ? (
          <Alert variant="destructive" className="mt-6">
            <AlertDescription>{problem}</AlertDescription>
          </Alert>
        ) : null}

        <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}`} className="mt-6">
          {list.items.length === 0 ? (
            <div
              className="flex flex-col items-center gap-3 rounded-card border border-dashed border-line bg-white px-6 py-16 text-center"
              data-testid="posts-empty"
            >
              <FileText className="size-10 text-ink-muted" aria-hidden="true" />
              <h2 className="heading-3">No posts found</h2>
              <p className="text-sm text-ink-muted">Create your first blog post to get started</p>
              <Link to="/admin/posts/new" className={buttonVariants({ size: 'sm', className: 'mt-2' })}>
                <Plus aria-hidden="true" />
                New Post
              </Link>
            </div>
          ) : (
            <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
              {list.items.map((post) => (
                <li key={post.id}>
                  <Card
                    className="flex h-full flex-col gap-4 p-5 transition-shadow hover:shadow-lift"
                    data-testid="admin-post-card"
                  >
                    <div className="flex items-center justify-between gap-2">
                      <div className="flex flex-wrap items-center gap-2">
                        <SectionBadge section={post.section} />
                        <Badge variant={post.status === 'published' ? 'default' : 'outline'}>
                          {postStatusLabels[post.status]}
                        </Badge>
                      </div>
                      {/* Only what the server says this person may do with the post: others' posts are read. */}
                      <div className="flex items-center gap-1">
                        <Link
                          to={`/admin/posts/edit/${post.id}`}
                          className={buttonVariants({ variant: 'ghost', size: 'icon' })}
                          aria-label={`${post.actions.includes('edit') ? 'Edit' : 'Read'} "${post.title}"`}
                        >
                          {post.actions.includes('edit') ? <Pencil aria-hidden="true" /> : <Eye aria-hidden="true" />}
                        </Link>
                        {post.actions.includes('edit') ? (
                          <Button
                            variant="ghost-danger"
                            size="icon-sm"
                            aria-label={`Delete "${post.title}"`}
                            onClick={() => setPendingDelete(post)}
                          >
                            <Trash2 aria-hidden="true" />
                          </Button>
                        ) : null}
                      </div>
                    </div>
                    <div className="flex flex-1 flex-col gap-2">
                      <h2 className="font-display text-lg leading-snug font-semibold text-ink">{post.title}</h2>
                      <p className="line-clamp-3 text-sm leading-relaxed text-ink-muted">{post.excerpt}</p>
                    </div>
                    <div className="flex items-center justify-between gap-3 border-t border-line pt-3 text-xs text-ink-muted">
                      <span className="truncate">{post.authorName ?? 'No author'}</span>
                      <span className="whitespace-nowrap">{dateLine(post)}</span>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </div>

        <ListPager list={list} noun="posts" />
      </section>

      <ConfirmDialog
        open={pendingDelete !== undefined}
        busy={deleting}
        onClose={() => setPendingDelete(undefined)}
        title="Delete post"
        description={
          <>Are you sure you want to delete &quot;{pendingDelete?.title}&quot;? This action cannot be undone.</>
        }
        confirmLabel="Delete Post"
        busyLabel="Deleting..."
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <section className="container-page py-16">
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-card border border-danger/30 bg-danger-soft px-6 py-16 text-center"
      >
        <AlertTriangle className="size-10 text-danger" aria-hidden="true" />
        <h1 className="heading-3 text-danger">Error Loading Posts</h1>
        <p className="text-sm text-ink">Please try refreshing the page.</p>
        {import.meta.env.DEV && error instanceof Error ? (
          <pre className="mt-2 text-xs text-ink-muted">{error.message}</pre>
        ) : null}
      </div>
    </section>
  );
}
