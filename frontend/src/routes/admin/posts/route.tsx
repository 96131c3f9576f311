import { AlertTriangle, ChevronLeft, ChevronRight, FileText, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useLoaderData, useRevalidator, useRouteError, type LoaderFunctionArgs } from '@/app/data-router';
import {
  formatDate,
  limits,
  pageCount,
  pageRange,
  pageWindow,
  postStatusLabels,
  sectionLabels,
  site,
  type AdminPost,
  type PostSection,
  type StaffUser,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { SectionBadge } from '@/components/page/section-badge';
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
import { toast } from '@/components/ui/toast';
import { apiRequest, loadJson } from '@/lib/api';
import { cn } from '@/lib/cn';
import { requireStaffUser, signInAgain } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({ title: 'Blog posts', description: `Manage ${site.name} blog posts.`, noindex: true }),
};

interface PostsData {
  user: StaffUser;
  posts: AdminPost[];
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<PostsData> {
  const user = await requireStaffUser(context, request);
  const posts = await loadJson<AdminPost[]>(context, '/api/admin/posts');
  if (!posts) signInAgain(request);
  return { user, posts };
}

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

function matchesSearch(post: AdminPost, query: string): boolean {
  if (!query) return true;
  const haystack = [post.title, post.excerpt, post.slug, post.authorName ?? '', ...post.tags].join(' ').toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** 'Published {date}' for a post as first published, 'Updated {date}' once revised (or for a draft). */
function dateLine(post: AdminPost): string {
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
  const { posts } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [query, setQuery] = useState('');
  const [section, setSection] = useState<SectionFilter>('all');
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedTab = searchParams.get('status');
  const tab: StatusTab = isStatusTab(requestedTab) ? requestedTab : 'all';
  const setTab = (value: StatusTab) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'all') next.delete('status');
        else next.set('status', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const [page, setPage] = useState(1);
  const [pendingDelete, setPendingDelete] = useState<AdminPost>();
  const [deleting, setDeleting] = useState(false);

  const searched = useMemo(() => posts.filter((post) => matchesSearch(post, query.trim())), [posts, query]);
  const sectionCounts: Record<SectionFilter, number> = {
    all: searched.length,
    labs: searched.filter((post) => post.section === 'labs').length,
    consulting: searched.filter((post) => post.section === 'consulting').length,
  };
  const inSection = section === 'all' ? searched : searched.filter((post) => post.section === section);
  const tabCounts: Record<StatusTab, number> = {
    all: inSection.length,
    published: inSection.filter((post) => post.status === 'published').length,
    draft: inSection.filter((post) => post.status === 'draft').length,
    in_review: inSection.filter((post) => post.status === 'in_review').length,
    scheduled: inSection.filter((post) => post.status === 'scheduled').length,
  };
  const visible = tab === 'all' ? inSection : inSection.filter((post) => post.status === tab);

  const pageSize = limits.adminPostsPageSize;
  const totalPages = pageCount(visible.length, pageSize);
  const currentPage = Math.min(page, totalPages);
  const { first, last } = pageRange(currentPage, pageSize, visible.length);
  const pagePosts = visible.slice((currentPage - 1) * pageSize, currentPage * pageSize);

  const resetPage =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setPage(1);
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
        title: `Failed to delete post: ${error instanceof Error ? error.message : String(error)}`,
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
        <div className="flex flex-col gap-4 rounded-card border border-line bg-white p-4 shadow-card lg:flex-row lg:items-center lg:justify-between">
          <div className="relative w-full lg:max-w-sm">
            <Search
              className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-muted"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search posts"
              placeholder="Search posts..."
              className="pl-10"
              value={query}
              onChange={(event) => resetPage(setQuery)(event.target.value)}
            />
          </div>
          <div className="flex flex-wrap gap-2" role="group" aria-label="Section">
            {sectionFilters.map((filter) => (
              <Button
                key={filter.value}
                size="sm"
                variant={section === filter.value ? 'default' : 'outline'}
                aria-pressed={section === filter.value}
                onClick={() => resetPage(setSection)(filter.value)}
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
              aria-selected={tab === item.value}
              onClick={() => resetPage(setTab)(item.value)}
              className={cn(
                'rounded-full px-4 py-1.5 text-sm font-medium transition-colors',
                tab === item.value ? 'bg-white text-ink shadow-card' : 'text-ink-muted hover:text-ink',
              )}
            >
              {item.label} ({tabCounts[item.value]})
            </button>
          ))}
        </div>

        <div role="tabpanel" className="mt-6">
          {visible.length === 0 ? (
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
              {pagePosts.map((post) => (
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
                      <div className="flex items-center gap-1">
                        <Link
                          to={`/admin/posts/edit/${post.id}`}
                          className={buttonVariants({ variant: 'ghost', size: 'icon' })}
                          aria-label={`Edit "${post.title}"`}
                        >
                          <Pencil aria-hidden="true" />
                        </Link>
                        <Button
                          variant="ghost-danger"
                          size="icon-sm"
                          aria-label={`Delete "${post.title}"`}
                          onClick={() => setPendingDelete(post)}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
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

        {visible.length > 0 ? (
          <nav aria-label="Pagination" className="mt-8 flex flex-col items-center justify-between gap-4 sm:flex-row">
            <p className="text-sm text-ink-muted" data-testid="posts-counter">
              Showing {first}-{last} of {visible.length} posts
            </p>
            {totalPages > 1 ? (
              <div className="flex items-center gap-1">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={currentPage === 1}
                  onClick={() => setPage(currentPage - 1)}
                >
                  <ChevronLeft aria-hidden="true" />
                  Previous
                </Button>
                {pageWindow(currentPage, totalPages).map((number) => (
                  <Button
                    key={number}
                    size="page"
                    variant={number === currentPage ? 'default' : 'ghost'}
                    aria-current={number === currentPage ? 'page' : undefined}
                    aria-label={`Page ${number}`}
                    onClick={() => setPage(number)}
                  >
                    {number}
                  </Button>
                ))}
                <Button
                  variant="outline"
                  size="sm"
                  disabled={currentPage === totalPages}
                  onClick={() => setPage(currentPage + 1)}
                >
                  Next
                  <ChevronRight aria-hidden="true" />
                </Button>
              </div>
            ) : null}
          </nav>
        ) : null}
      </section>

      <AlertDialog
        open={pendingDelete !== undefined}
        onOpenChange={(open) => (!open && !deleting ? setPendingDelete(undefined) : undefined)}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete post</AlertDialogTitle>
            <AlertDialogDescription>
              Are you sure you want to delete &quot;{pendingDelete?.title}&quot;? This action cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deleting}>Cancel</AlertDialogCancel>
            <Button variant="destructive" disabled={deleting} onClick={() => void confirmDelete()}>
              {deleting ? 'Deleting...' : 'Delete Post'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
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
