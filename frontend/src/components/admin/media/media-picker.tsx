import { ChevronLeft, ChevronRight, Search, X } from '@/components/ui/icons';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { mediaVariantUrl, pageCount, type ListPage, type MediaImage, type MediaItem } from '@northbeam/common';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useHydrated } from '@/hooks/use-hydrated';
import { errorSentence } from '@/lib/api';
import { listMedia } from './media-client';
import { MediaUploadForm } from './media-upload-form';
import { cardSurface } from '@/components/ui/card';

interface MediaPickerProps {
  open: boolean;
  title?: string;
  onClose: () => void;
  /** The chosen image (from the library, or just uploaded). The picker closes itself afterwards. */
  onSelect: (image: MediaImage) => void;
}

function toImage(item: MediaItem): MediaImage {
  return { id: item.id, alt: item.alt, width: item.width, height: item.height, format: item.format };
}

/**
 * Choose an image from the media library or upload a new one: a modal dialog (the browser's own
 * `<dialog>`: focus kept inside, Escape closes), rendered at the end of the page so that it never
 * sits inside the form that opened it. Reusable by any editor (posts, case studies, newsletter).
 */
export function MediaPicker({ open, title = 'Choose an image', onClose, onSelect }: MediaPickerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [tab, setTab] = useState<'library' | 'upload'>('library');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<ListPage<MediaItem> | null>(null);
  const [problem, setProblem] = useState<string>();
  const headingId = useId();
  const hydrated = useHydrated();

  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
  }, [open, hydrated]);

  useEffect(() => {
    if (!open || tab !== 'library') return;
    let current = true;
    const timer = setTimeout(
      () => {
        listMedia(page, search).then(
          (loaded) => {
            if (!current) return;
            setList(loaded);
            setProblem(undefined);
          },
          (error: unknown) => current && setProblem(errorSentence(error)),
        );
      },
      search ? 250 : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, tab, page, search]);

  const choose = (image: MediaImage) => {
    onSelect(image);
    onClose();
  };

  // Portals exist only in the browser: nothing is rendered on the server, before hydration, or while closed.
  if (!hydrated || !open) return null;
  const totalPages = list ? pageCount(list.total, list.pageSize) : 1;

  return createPortal(
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onClose={onClose}
      onCancel={onClose}
      className={cardSurface({
        elevation: 'lift',
        className: 'm-auto w-[calc(100%-2rem)] max-w-3xl p-0 text-ink backdrop:bg-ink/50 backdrop:backdrop-blur-sm',
      })}
      data-testid="media-picker"
    >
      <div className="flex max-h-[85vh] flex-col">
        <div className="flex items-center justify-between gap-3 border-b border-line px-5 py-4">
          <h2 id={headingId} className="heading-3">
            {title}
          </h2>
          <Button variant="ghost" size="icon-sm" onClick={onClose} aria-label="Close">
            <X aria-hidden="true" />
          </Button>
        </div>
        <div className="flex gap-2 border-b border-line px-5 py-3" role="tablist" aria-label="Image source">
          {(['library', 'upload'] as const).map((name) => (
            <Button
              key={name}
              role="tab"
              aria-selected={tab === name}
              variant={tab === name ? 'secondary' : 'ghost'}
              size="sm"
              onClick={() => setTab(name)}
            >
              {name === 'library' ? 'Library' : 'Upload new'}
            </Button>
          ))}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
          {tab === 'upload' ? (
            <MediaUploadForm compact onUploaded={(item) => choose(toImage(item))} />
          ) : (
            <div className="flex flex-col gap-4">
              <div className="relative">
                <Search
                  className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-muted"
                  aria-hidden="true"
                />
                <Input
                  type="search"
                  aria-label="Search images"
                  placeholder="Search file name or alt text..."
                  className="pl-10"
                  value={search}
                  onChange={(event) => {
                    setSearch(event.target.value);
                    setPage(1);
                  }}
                />
              </div>
              {problem ? (
                <Alert variant="destructive">
                  <AlertDescription>{problem}</AlertDescription>
                </Alert>
              ) : null}
              {list && list.items.length === 0 ? (
                <p className="py-10 text-center text-sm text-ink-muted">
                  {search ? 'No images match this search.' : 'The library is empty: upload the first image.'}
                </p>
              ) : null}
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" aria-busy={list === null}>
                {list?.items.map((item) => (
                  <li key={item.id}>
                    <button
                      type="button"
                      onClick={() => choose(toImage(item))}
                      className="group flex w-full flex-col overflow-hidden rounded-xl border border-line bg-mist/40 text-left transition-colors hover:border-beam focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-beam"
                      data-testid="media-picker-item"
                    >
                      <img
                        src={mediaVariantUrl(item.id, 320, 'webp')}
                        alt={item.alt}
                        width={320}
                        height={240}
                        loading="lazy"
                        decoding="async"
                        className="aspect-[4/3] w-full object-cover"
                      />
                      <span className="truncate px-2.5 py-2 text-xs text-ink-muted">{item.filename}</span>
                    </button>
                  </li>
                ))}
              </ul>
              {list && totalPages > 1 ? (
                <div className="flex items-center justify-between gap-3 text-sm text-ink-muted">
                  <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    <ChevronLeft aria-hidden="true" />
                    Previous
                  </Button>
                  <span>
                    Page {page} of {totalPages}
                  </span>
                  <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
                    Next
                    <ChevronRight aria-hidden="true" />
                  </Button>
                </div>
              ) : null}
            </div>
          )}
        </div>
      </div>
    </dialog>,
    document.body,
  );
}
