import { lazy, Suspense, useState } from 'react';
import { BookOpen, Download } from '@/components/ui/icons';
import { Button, buttonVariants } from '@/components/ui/button';
import { cardSurface } from '@/components/ui/card';
import { cn } from '@/lib/cn';

// The same request as the floating widget's (its e-mail step, messages, rate limit and analytics
// events): loaded when the visitor reaches for it, not with the page.
const loadRequest = () => import('./playbook-request');
const PlaybookRequest = lazy(() => loadRequest().then((module) => ({ default: module.PlaybookRequest })));
const preloadRequest = () => void loadRequest();

interface PlaybookInlineOfferProps {
  /** `page`: a block in the page's flow; `menu`: the compact entry of the mobile menu. */
  placement?: 'page' | 'menu';
}

/**
 * The playbook below the floating widget's breakpoint (docs/product.md#lead-capture): the widget is
 * for large screens only, so on the pages that carry it, and in the mobile menu, this inline offer
 * asks for the e-mail address and then offers the Download Playbook button. Hidden from `lg` up,
 * where the widget stands.
 */
export function PlaybookInlineOffer({ placement = 'page' }: PlaybookInlineOfferProps) {
  const [expanded, setExpanded] = useState(false);
  const [downloadUrl, setDownloadUrl] = useState<string | null>(null);
  const menu = placement === 'menu';

  const body = (
    <div className={cn('grid gap-3', menu ? 'p-4' : 'p-5 sm:p-6')}>
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-ink text-white"
        >
          <BookOpen className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-[0.18em] text-ink-muted uppercase">Free guide</p>
          <p className="font-display text-lg leading-snug font-semibold">The SME AI Adoption Playbook</p>
        </div>
      </div>
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
          {expanded ? (
            <Suspense fallback={<div className="h-24" aria-hidden="true" />}>
              <PlaybookRequest onReceived={setDownloadUrl} />
            </Suspense>
          ) : (
            <Button
              className="w-full"
              onPointerEnter={preloadRequest}
              onFocus={preloadRequest}
              onClick={() => setExpanded(true)}
            >
              Get the free playbook
            </Button>
          )}
        </>
      )}
    </div>
  );

  if (menu) {
    return (
      <div
        data-testid="playbook-offer-menu"
        aria-label="Playbook download"
        role="group"
        className={cardSurface({ tone: 'mist', elevation: 'none' })}
      >
        {body}
      </div>
    );
  }
  return (
    <aside aria-label="Playbook download" data-testid="playbook-offer" className="container-page py-10 lg:hidden">
      <div className={cardSurface({ elevation: 'card', className: 'mx-auto max-w-xl' })}>{body}</div>
    </aside>
  );
}
