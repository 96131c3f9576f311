import { lazy, Suspense, useState } from 'react';
import { BookOpen, Download, Minus } from '@/components/ui/icons';
import { useLocation } from 'react-router-dom';
import { leadMessages } from '@northbeam/common';
import { Button, buttonVariants } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { trackPlaybookDownload } from '@/lib/analytics';
import { apiRequest, ApiRequestError } from '@/lib/api';
import { cn } from '@/lib/cn';

// The form (and the form mechanism under it) is needed only once the widget is opened: it loads
// when a pointer or the keyboard reaches the open button, not with the page (the home page's first
// visit on a large screen carried it).
const loadForm = () => import('./email-capture-form');
const EmailCaptureForm = lazy(() => loadForm().then((module) => ({ default: module.EmailCaptureForm })));
const preloadForm = () => void loadForm();

/**
 * The gated playbook download (docs/product.md#lead-capture): large screens only, fixed bottom right; expanded it asks
 * for an e-mail address, then offers a Download Playbook button that opens the document in a new tab.
 * It starts minimised to an icon: opened by itself it would cover the page's copy.
 */
export function PlaybookWidget() {
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState(false);
  const [downloadUrl, setDownloadUrl] = useState<string | null>(null);

  async function request(email: string): Promise<boolean> {
    try {
      const response = await apiRequest('POST', '/api/playbook-download', { email, page: pathname });
      const body = (await response.json()) as { downloadUrl: string };
      setDownloadUrl(body.downloadUrl);
      toast({ title: leadMessages.playbookSuccessTitle, description: leadMessages.playbookSuccess });
      trackPlaybookDownload(email);
      return true;
    } catch (error) {
      const serverError = error instanceof ApiRequestError ? error.serverError : undefined;
      toast({
        title: leadMessages.playbookFailedTitle,
        description: serverError ?? leadMessages.playbookFailed,
        variant: 'destructive',
      });
      return false;
    }
  }

  return (
    <aside
      aria-label="Playbook download"
      data-testid="playbook-widget"
      data-floating-widget
      className="fixed right-6 bottom-6 z-40 hidden lg:block"
    >
      {expanded ? (
        <div className="w-80 animate-fade-up overflow-hidden rounded-card border border-line bg-white shadow-lift motion-reduce:animate-none">
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
                <a
                  href={downloadUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={cn(buttonVariants(), 'w-full')}
                >
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
                  <EmailCaptureForm
                    label="Email address for the playbook"
                    submitLabel="Get the Playbook"
                    pendingLabel="Sending..."
                    stacked
                    onSend={request}
                  />
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
          onPointerEnter={preloadForm}
          onFocus={preloadForm}
          onClick={() => setExpanded(true)}
        >
          <BookOpen className="size-5!" aria-hidden="true" />
        </Button>
      )}
    </aside>
  );
}
