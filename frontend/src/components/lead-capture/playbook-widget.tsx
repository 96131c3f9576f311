import { lazy, Suspense, useState } from 'react';
import { BookOpen, Download, Minus } from '@/components/ui/icons';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { cardSurface } from '@/components/ui/card';

// The request (its form, the form mechanism under it, the lead texts) is needed only once the widget
// is opened: it loads when a pointer or the keyboard reaches the open button, not with the page (the
// home page's first visit on a large screen carried it).
const loadRequest = () => import('./playbook-request');
const PlaybookRequest = lazy(() => loadRequest().then((module) => ({ default: module.PlaybookRequest })));
const preloadRequest = () => void loadRequest();

/**
 * The gated playbook download (docs/product.md#lead-capture): large screens only, fixed bottom right; expanded it asks
 * for an e-mail address, then offers a Download Playbook button that opens the document in a new tab.
 * It starts minimised to an icon: opened by itself it would cover the page's copy.
 */
export function PlaybookWidget() {
  const [expanded, setExpanded] = useState(false);
  const [downloadUrl, setDownloadUrl] = useState<string | null>(null);

  return (
    <aside
      aria-label="Playbook download"
      data-testid="playbook-widget"
      data-floating-widget
      className="fixed right-6 bottom-6 z-40 hidden lg:block"
    >
      {expanded ? (
        <div
          className={cardSurface({
            elevation: 'lift',
            className: 'w-80 animate-fade-up overflow-hidden motion-reduce:animate-none',
          })}
        >
          <div className="relative bg-ink p-5 text-white">
            <div
              aria-hidden="true"
              className="pointer-events-none absolute -top-16 -right-10 size-40 rounded-full bg-beam/50 blur-2xl"
            />
            <div className="relative flex items-start justify-between gap-3">
              <div>
                <p className="text-xs font-semibold tracking-[0.18em] text-white/60 uppercase">Free guide</p>
                <p className="mt-1 font-display text-lg leading-snug font-semibold">The SME AI Adoption Playbook</p>
              </div>
              <Button
                variant="ghost-inverse"
                size="icon-xs"
                className="-mt-1 -mr-2"
                aria-label="Minimise playbook"
                onClick={() => setExpanded(false)}
              >
                <Minus aria-hidden="true" />
              </Button>
            </div>
          </div>
          <div className="grid gap-3 p-5">
            {downloadUrl ? (
              <>
                <p className="text-sm text-ink-muted">It is yours. We have also e-mailed you the link.</p>
                <a href={downloadUrl} target="_blank" rel="noreferrer" className={cn(buttonVariants(), 'w-full')}>
                  <Download aria-hidden="true" />
                  Download Playbook
                </a>
              </>
            ) : (
              <>
                <p className="text-sm text-ink-muted">
                  Pick, prototype and roll out AI in a small business, step by step. Free, 6 pages.
                </p>
                <Suspense fallback={<div className="h-24" aria-hidden="true" />}>
                  <PlaybookRequest onReceived={setDownloadUrl} />
                </Suspense>
              </>
            )}
          </div>
        </div>
      ) : (
        <Button
          size="icon-lg"
          className="shadow-lift"
          aria-label="Open playbook download"
          onPointerEnter={preloadRequest}
          onFocus={preloadRequest}
          onClick={() => setExpanded(true)}
        >
          <BookOpen className="size-5!" aria-hidden="true" />
        </Button>
      )}
    </aside>
  );
}
