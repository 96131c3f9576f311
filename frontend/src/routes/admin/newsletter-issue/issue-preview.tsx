import { useEffect, useState } from 'react';
import type { NewsletterPreview, SaveNewsletterIssueRequest } from '@northbeam/common';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { ApiRequestError, errorSentence, requestJson } from '@/lib/api';
import { cn } from '@/lib/cn';

export type IssueFieldErrors = Partial<Record<keyof SaveNewsletterIssueRequest, string>>;

/**
 * The issue exactly as a subscriber gets it (the same mail as the test copy): the HTML in a sandboxed
 * frame (no scripts, no same-origin: its images load because /media/* may be loaded cross-origin),
 * or the text version, at the mail's width or a phone's.
 */
export function PreviewPanel({
  fields,
  issueId,
  onRefused,
}: {
  fields: SaveNewsletterIssueRequest;
  /** The saved issue the fields belong to (its post card), if any. */
  issueId: string | undefined;
  /** The server refused the fields (a 400 naming them): the form shows why under them (`useForm`'s `fail`). */
  onRefused: (error: ApiRequestError) => void;
}) {
  const [mode, setMode] = useState<'html' | 'text'>('html');
  const [width, setWidth] = useState<600 | 390>(600);
  const [preview, setPreview] = useState<NewsletterPreview | undefined>();
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    let current = true;
    requestJson<NewsletterPreview>('POST', '/api/admin/newsletter/preview', { ...fields, issueId }).then(
      (answer) => {
        if (current) setPreview(answer);
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiRequestError && error.status === 400 && error.fieldErrors) onRefused(error);
        else setProblem(errorSentence(error));
      },
    );
    return () => {
      current = false;
    };
    // The preview is of the fields as they were when the tab opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="flex flex-col gap-4" data-testid="newsletter-preview">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 text-sm text-ink-muted">
          Subject: <span className="font-medium break-words text-ink">{preview?.subject ?? fields.subject}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <div role="group" aria-label="Preview width" className="flex gap-1 rounded-full bg-mist p-1">
            {([600, 390] as const).map((size) => (
              <button
                key={size}
                type="button"
                aria-pressed={width === size}
                onClick={() => setWidth(size)}
                className={cn(
                  'h-8 rounded-full px-3 text-sm font-medium transition-colors',
                  width === size ? 'bg-white text-ink shadow-card' : 'text-ink-muted hover:text-ink',
                )}
              >
                {size === 600 ? 'Desktop' : 'Phone'}
              </button>
            ))}
          </div>
          <div role="group" aria-label="Preview format" className="flex gap-1 rounded-full bg-mist p-1">
            {(['html', 'text'] as const).map((name) => (
              <button
                key={name}
                type="button"
                aria-pressed={mode === name}
                onClick={() => setMode(name)}
                className={cn(
                  'h-8 rounded-full px-3 text-sm font-medium transition-colors',
                  mode === name ? 'bg-white text-ink shadow-card' : 'text-ink-muted hover:text-ink',
                )}
              >
                {name === 'html' ? 'HTML' : 'Text'}
              </button>
            ))}
          </div>
        </div>
      </div>
      {problem ? (
        <Alert variant="destructive">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : !preview ? (
        <p className="py-10 text-center text-sm text-ink-muted">Preparing the preview...</p>
      ) : mode === 'html' ? (
        <iframe
          title="Mail preview"
          sandbox=""
          srcDoc={preview.html}
          className="mx-auto h-[640px] w-full rounded-xl border border-line bg-white"
          style={{ maxWidth: width === 600 ? 640 : 390 }}
          data-testid="newsletter-preview-html"
        />
      ) : (
        <pre
          className="max-h-[640px] overflow-auto rounded-xl bg-mist p-4 font-mono text-sm leading-relaxed break-words whitespace-pre-wrap text-ink"
          data-testid="newsletter-preview-text"
        >
          {preview.text}
        </pre>
      )}
    </div>
  );
}

/** Write (or Content, once sent) and Preview. */
export function IssueTabs({
  id,
  tab,
  editable,
  onTab,
}: {
  /** The tabs' ids start with it; the panel they control is `${id}-panel`. */
  id: string;
  tab: 'write' | 'preview';
  editable: boolean;
  onTab: (tab: 'write' | 'preview') => void;
}) {
  return (
    <div role="tablist" aria-label="Compose or preview" className="flex gap-1 self-start rounded-full bg-mist p-1">
      {(['write', 'preview'] as const).map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          id={`${id}-${name}`}
          aria-selected={tab === name}
          aria-controls={tab === name ? `${id}-panel` : undefined}
          onClick={() => onTab(name)}
          className={cn(
            'h-9 rounded-full px-4 text-sm font-medium transition-colors',
            tab === name ? 'bg-white text-ink shadow-card' : 'text-ink-muted hover:text-ink',
          )}
        >
          {name === 'write' ? (editable ? 'Write' : 'Content') : 'Preview'}
        </button>
      ))}
    </div>
  );
}
