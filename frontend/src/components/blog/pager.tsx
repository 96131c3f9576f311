import { ChevronLeft, ChevronRight } from '@/components/ui/icons';
import { useLocation } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { pageCount, pageRange, pageWindow, type ListPage } from '@northbeam/common';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';

function hrefForPage(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * 'Showing X-Y of N posts' (or of whatever `noun` names) with Previous/Next and at most five page numbers (docs/product.md#blog). Pages are
 * links (`?page=`), so every page is server-rendered and shareable; the router scrolls to the top.
 */
export function Pager({
  page,
  pageSize,
  total,
  totalPages,
  noun = 'posts',
}: {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  noun?: string;
}) {
  const { pathname, search } = useLocation();
  const { first, last } = pageRange(page, pageSize, total);
  const pages = pageWindow(page, totalPages);
  const link = (target: number) => hrefForPage(pathname, search, target);
  return (
    <nav
      aria-label="Pagination"
      className="mt-12 flex flex-col items-center gap-4 sm:flex-row sm:justify-between"
      data-testid="pager"
    >
      <p className="text-sm text-ink-muted" data-testid="pager-counter">
        Showing {first}-{last} of {total} {noun}
      </p>
      {totalPages > 1 ? (
        <ul className="flex flex-wrap items-center justify-center gap-1">
          <li>
            {page > 1 ? (
              <Link to={link(page - 1)} className={buttonVariants({ variant: 'outline', size: 'sm' })} rel="prev">
                <ChevronLeft aria-hidden="true" />
                Previous
              </Link>
            ) : (
              <span
                className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'pointer-events-none opacity-40')}
                aria-disabled="true"
              >
                <ChevronLeft aria-hidden="true" />
                Previous
              </span>
            )}
          </li>
          {pages.map((number) => (
            <li key={number}>
              <Link
                to={link(number)}
                aria-current={number === page ? 'page' : undefined}
                aria-label={`Page ${number}`}
                className={cn(
                  buttonVariants({ variant: number === page ? 'default' : 'ghost', size: 'icon-sm' }),
                  'text-sm',
                )}
              >
                {number}
              </Link>
            </li>
          ))}
          <li>
            {page < totalPages ? (
              <Link to={link(page + 1)} className={buttonVariants({ variant: 'outline', size: 'sm' })} rel="next">
                Next
                <ChevronRight aria-hidden="true" />
              </Link>
            ) : (
              <span
                className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'pointer-events-none opacity-40')}
                aria-disabled="true"
              >
                Next
                <ChevronRight aria-hidden="true" />
              </span>
            )}
          </li>
        </ul>
      ) : null}
    </nav>
  );
}

/** The pager under a server-paginated list (`ListPage`): nothing when the list is empty. */
export function ListPager({
  list,
  noun,
}: {
  list: Pick<ListPage<unknown>, 'page' | 'pageSize' | 'total'>;
  noun: string;
}) {
  if (list.total === 0) return null;
  return (
    <Pager
      page={list.page}
      pageSize={list.pageSize}
      total={list.total}
      totalPages={pageCount(list.total, list.pageSize)}
      noun={noun}
    />
  );
}
