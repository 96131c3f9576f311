import { FileText, SearchX } from '@/components/ui/icons';
import { isRouteErrorResponse, useLocation } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { useNavigation } from '@/app/data-router';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { Pager } from './pager';
import type { PostCardPage } from '@northbeam/common';
import { PostCard } from './post-card';
import { cardSurface } from '@/components/ui/card';

export function PostGridSkeleton() {
  return (
    <div
      className="grid gap-6 md:grid-cols-2 lg:grid-cols-3"
      data-testid="posts-loading"
      aria-busy="true"
      aria-label="Loading posts"
    >
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className={cardSurface({ elevation: 'none', className: 'p-6' })}>
          <Skeleton className="h-5 w-20" />
          <Skeleton className="mt-5 h-6 w-4/5" />
          <Skeleton className="mt-3 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-2/3" />
        </div>
      ))}
    </div>
  );
}

/** The list with its states: loading while the next page's data arrives, empty, no match, or posts. */
export function PostList({
  page,
  search,
  clearSearchHref,
  headingLevel = 3,
}: {
  page: PostCardPage;
  search: string;
  clearSearchHref: string;
  /** The cards' heading level: 2 where the list comes straight under the page's `h1`. */
  headingLevel?: 2 | 3;
}) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loadingHere = navigation.state === 'loading' && navigation.location?.pathname === pathname;

  if (page.total === 0 && !search) {
    return (
      <div
        className="flex flex-col items-center rounded-card border border-dashed border-line bg-white px-6 py-20 text-center"
        data-testid="posts-empty"
      >
        <FileText className="size-10 text-ink-muted" aria-hidden="true" />
        <h2 className="heading-3 mt-4">No posts yet</h2>
        <p className="mt-2 text-ink-muted">Our first articles are on their way. Check back soon.</p>
      </div>
    );
  }
  if (page.total === 0) {
    return (
      <div
        className="flex flex-col items-center rounded-card border border-dashed border-line bg-white px-6 py-20 text-center"
        data-testid="posts-no-match"
      >
        <SearchX className="size-10 text-ink-muted" aria-hidden="true" />
        <h2 className="heading-3 mt-4">No posts found</h2>
        <p className="mt-2 text-ink-muted">Nothing matches “{search}”. Try another word.</p>
        <Link to={clearSearchHref} className="mt-5 font-medium text-beam underline underline-offset-4">
          Clear search
        </Link>
      </div>
    );
  }
  return (
    <div className={cn('transition-opacity', loadingHere && 'opacity-60')} aria-busy={loadingHere}>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="post-list">
        {page.items.map((post) => (
          <li key={post.id}>
            <PostCard post={post} headingLevel={headingLevel} />
          </li>
        ))}
      </ul>
      <Pager page={page.page} pageSize={page.pageSize} total={page.total} totalPages={page.totalPages} />
    </div>
  );
}

/** The list's failure: a page number that names no page of it (404), or posts that could not be read. */
export function PostsLoadError({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div
        role="alert"
        className={cardSurface({ tone: 'mist', elevation: 'none', className: 'px-6 py-16 text-center' })}
        data-testid="posts-page-not-found"
      >
        <h2 className="heading-3">Page Not Found</h2>
        <p className="mt-2 text-ink-muted">This list has no such page.</p>
        <Link to={pathname} className="mt-4 inline-block font-medium text-ink underline underline-offset-4">
          Go to the first page
        </Link>
      </div>
    );
  }
  return (
    <div
      role="alert"
      className="rounded-card border border-danger/30 bg-danger-soft px-6 py-16 text-center"
      data-testid="posts-error"
    >
      <h2 className="heading-3 text-danger">Error Loading Posts</h2>
      <p className="mt-2 text-ink-muted">Failed to load blog posts. Please try again later.</p>
    </div>
  );
}
