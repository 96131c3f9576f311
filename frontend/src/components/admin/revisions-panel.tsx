import { ChevronLeft, ChevronRight, History } from '@/components/ui/icons';
import { useEffect, useState } from 'react';
import { formatDate, pageCount, type ListPage, type RevisionSummary } from '@northbeam/common';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorSentence, requestJson } from '@/lib/api';
import { cn } from '@/lib/cn';

/** Who saved a revision: its author, or the state the content had before revisions were kept. */
export function revisionAuthor(revision: RevisionSummary): string {
  return revision.author?.name ?? 'Saved before revisions were kept';
}

/**
 * The editor's list of revisions of a post or a case study, newest first, 15 a page (docs/product.md#revisions).
 * Choosing one opens its comparison with the text in the editor. `refreshKey` reloads the list (after a save).
 */
export function RevisionsPanel({
  revisionsUrl,
  refreshKey,
  selectedId,
  onSelect,
}: {
  /** `GET /api/admin/{posts|case-studies}/{id}/revisions`. */
  revisionsUrl: string;
  refreshKey: number;
  selectedId: string | undefined;
  onSelect: (revision: RevisionSummary) => void;
}) {
  const [page, setPage] = useState(1);
  const [loaded, setLoaded] = useState<{ key: string; list?: ListPage<RevisionSummary>; error?: string }>();
  const key = `${revisionsUrl}:${page}:${refreshKey}`;

  useEffect(() => {
    let live = true;
    requestJson<ListPage<RevisionSummary>>('GET', `${revisionsUrl}?page=${page}`).then(
      (list) => live && setLoaded({ key, list }),
      (error: unknown) => live && setLoaded({ key, error: errorSentence(error) }),
    );
    return () => {
      live = false;
    };
  }, [revisionsUrl, page, key]);

  const list = loaded?.list;
  const totalPages = list ? pageCount(list.total, list.pageSize) : 1;

  return (
    <Card className="flex flex-col gap-4 p-6" data-testid="revisions-panel">
      <h2 className="heading-3 flex items-center gap-2">
        <History className="size-5" aria-hidden="true" />
        Revisions
      </h2>
      {loaded?.error ? (
        <p className="text-sm text-danger" role="alert">
          The revisions could not be loaded: {loaded.error}
        </p>
      ) : !list || loaded?.key !== key ? (
        <div role="status" className="flex flex-col gap-2" aria-busy="true" aria-label="Loading revisions">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : list.items.length === 0 ? (
        <p className="text-sm text-ink-muted">No revisions yet. Every save from now on keeps one.</p>
      ) : (
        <>
          <p className="text-sm text-ink-muted">Choose a revision to compare it with the text in the editor.</p>
          <ol className="flex flex-col gap-1" aria-label="Revisions, newest first">
            {list.items.map((revision, index) => {
              const selected = revision.id === selectedId;
              return (
                <li key={revision.id}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    onClick={() => onSelect(revision)}
                    data-testid="revision-item"
                    className={cn(
                      'flex w-full min-w-0 flex-col items-start gap-0.5 rounded-xl px-3 py-2 text-left text-sm transition-colors hover:bg-mist focus-visible:outline-2 focus-visible:outline-beam',
                      selected && 'bg-beam-soft hover:bg-beam-soft',
                    )}
                  >
                    <span className="flex w-full flex-wrap items-center gap-2 font-medium text-ink">
                      {formatDate(revision.createdAt, 'd MMM yyyy, HH:mm')}
                      {page === 1 && index === 0 ? <Badge variant="secondary">Saved version</Badge> : null}
                    </span>
                    <span className="w-full truncate text-ink-muted">{revisionAuthor(revision)}</span>
                    {revision.restoredFrom ? (
                      <span className="text-xs text-ink-muted">
                        Restored the revision of {formatDate(revision.restoredFrom.createdAt, 'd MMM yyyy, HH:mm')}
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ol>
          {totalPages > 1 ? (
            <nav aria-label="Revision pages" className="flex items-center justify-between gap-2">
              <Button type="button" variant="ghost" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                <ChevronLeft aria-hidden="true" />
                Newer
              </Button>
              <span className="text-xs text-ink-muted">
                Page {page} of {totalPages}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={page >= totalPages}
                onClick={() => setPage(page + 1)}
              >
                Older
                <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </Card>
  );
}
