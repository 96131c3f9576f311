import { RotateCcw, X } from '@/components/ui/icons';
import { useEffect, useState } from 'react';
import { formatDate, revisionMessages, type RevisionSummary } from '@northbeam/common';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorSentence, requestJson } from '@/lib/api';
import { cn } from '@/lib/cn';
import { sideBySideRows, wordPieces, type DiffPiece, type DiffRow, type DiffSide } from '@/lib/side-by-side-diff';
import { revisionAuthor } from './revisions-panel';

/**
 * A field the comparison shows, as the editor names it: short fields word by word, `lines` fields
 * (markdown) line by line with the changed words marked. `show` turns the stored value into text.
 */
export interface ComparedField {
  key: string;
  label: string;
  lines?: boolean;
  show?: (value: unknown) => string;
}

/** A stored value as text: lists joined with commas, anything else that is not text empty. */
function plainText(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' ? value : '';
}

function shown(fields: Record<string, unknown>, field: ComparedField): string {
  return (field.show ?? plainText)(fields[field.key]);
}

function Pieces({ pieces, tone }: { pieces: DiffPiece[]; tone: 'removed' | 'added' }) {
  return pieces.map((piece, index) =>
    piece.changed ? (
      <mark
        key={index}
        className={cn(
          'rounded-sm text-ink',
          tone === 'removed' ? 'bg-danger/20 line-through decoration-danger/60' : 'bg-success/25',
        )}
      >
        {piece.text}
      </mark>
    ) : (
      <span key={index}>{piece.text}</span>
    ),
  );
}

function LineCell({
  side,
  tone,
  changed,
}: {
  side: DiffSide | undefined;
  tone: 'removed' | 'added';
  changed: boolean;
}) {
  if (!side) return <div className="bg-mist/60" aria-hidden="true" />;
  return (
    <div
      className={cn(
        'flex min-w-0 gap-3 px-2 py-0.5',
        changed && (tone === 'removed' ? 'bg-danger-soft' : 'bg-success/10'),
      )}
    >
      <span className="w-8 shrink-0 text-right text-ink-muted select-none" aria-hidden="true">
        {side.line}
      </span>
      <span className="min-w-0 flex-1 break-words whitespace-pre-wrap">
        <Pieces pieces={side.pieces} tone={tone} />
        {side.pieces.every((piece) => piece.text === '') ? '\u00a0' : null}
      </span>
    </div>
  );
}

function LinesDiff({ rows, testId }: { rows: DiffRow[]; testId: string }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-line" data-testid={testId}>
      <div className="grid min-w-[36rem] grid-cols-2 font-mono text-xs leading-relaxed">
        {rows.map((row, index) =>
          row.kind === 'skipped' ? (
            <div key={index} className="col-span-2 border-y border-line bg-mist px-3 py-1 text-ink-muted">
              {row.count} unchanged {row.count === 1 ? 'line' : 'lines'}
            </div>
          ) : (
            <div key={index} className="col-span-2 grid grid-cols-2 divide-x divide-line" data-kind={row.kind}>
              <LineCell
                side={row.kind === 'added' ? undefined : row.left}
                tone="removed"
                changed={row.kind !== 'same'}
              />
              <LineCell
                side={row.kind === 'removed' ? undefined : row.right}
                tone="added"
                changed={row.kind !== 'same'}
              />
            </div>
          ),
        )}
      </div>
    </div>
  );
}

/**
 * A revision side by side with the text in the editor (docs/product.md#revisions), for any kind of
 * content (posts, case studies): each field that differs, markdown line by line with the changed
 * words marked; "Restore this revision" saves the content with the revision's fields after a
 * confirmation (`confirmText`), and hands the saved content to `onRestored`.
 */
export function RevisionDiff<Saved>({
  revisionUrl,
  revisionId,
  fields: comparedFields,
  current,
  confirmText,
  onClose,
  onRestored,
}: {
  /** `GET` answers the revision with its fields; `POST {revisionUrl}/restore` restores it. */
  revisionUrl: string;
  revisionId: string;
  fields: ComparedField[];
  current: Record<string, unknown>;
  confirmText: string;
  onClose: () => void;
  onRestored: (saved: Saved) => void;
}) {
  const [loaded, setLoaded] = useState<{
    id: string;
    revision?: RevisionSummary & { fields: Record<string, unknown> };
    error?: string;
  }>();
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [restoreError, setRestoreError] = useState<string>();
  const base = revisionUrl;

  useEffect(() => {
    let live = true;
    requestJson<RevisionSummary & { fields: Record<string, unknown> }>('GET', base).then(
      (revision) => live && setLoaded({ id: revisionId, revision }),
      (error: unknown) => live && setLoaded({ id: revisionId, error: errorSentence(error) }),
    );
    return () => {
      live = false;
    };
  }, [base, revisionId]);

  const restore = async () => {
    setRestoring(true);
    setRestoreError(undefined);
    try {
      const saved = await requestJson<Saved>('POST', `${base}/restore`);
      setConfirming(false);
      onRestored(saved);
    } catch (error) {
      setRestoreError(errorSentence(error));
    } finally {
      setRestoring(false);
    }
  };

  const revision = loaded?.id === revisionId ? loaded.revision : undefined;
  const changed = revision
    ? comparedFields.filter((field) => shown(revision.fields, field) !== shown(current, field))
    : [];
  const changedFields = changed.filter((field) => !field.lines);
  const changedLines = changed.filter((field) => field.lines);
  const when = revision ? formatDate(revision.createdAt, 'd MMM yyyy, HH:mm') : '';

  return (
    <Card
      className="flex flex-col gap-5 p-6 sm:p-8"
      data-testid="revision-diff"
      aria-labelledby="revision-diff-heading"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="revision-diff-heading" className="heading-3">
            {revision ? `Revision of ${when}` : 'Revision'}
          </h2>
          {revision ? <p className="text-sm text-ink-muted">{revisionAuthor(revision)}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" disabled={!revision || restoring} onClick={() => setConfirming(true)}>
            <RotateCcw aria-hidden="true" />
            Restore this revision
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={onClose}>
            <X aria-hidden="true" />
            Close
          </Button>
        </div>
      </div>

      {loaded?.error && loaded.id === revisionId ? (
        <p className="text-sm text-danger" role="alert">
          The revision could not be loaded: {loaded.error}
        </p>
      ) : !revision ? (
        <div role="status" className="flex flex-col gap-2" aria-busy="true" aria-label="Loading the revision">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : changed.length === 0 ? (
        <p className="text-sm text-ink-muted" data-testid="revision-same">
          This revision is the same as the text in the editor.
        </p>
      ) : (
        <div className="flex flex-col gap-5">
          <div
            className="grid grid-cols-2 gap-3 text-xs font-semibold tracking-wide text-ink-muted uppercase"
            aria-hidden="true"
          >
            <span>This revision</span>
            <span>Text in the editor</span>
          </div>
          {changedFields.map((field) => {
            const pieces = wordPieces(shown(revision.fields, field), shown(current, field));
            return (
              <section key={field.key} className="flex flex-col gap-1.5" data-testid={`diff-field-${field.key}`}>
                <h3 className="text-sm font-semibold text-ink">{field.label}</h3>
                <div className="grid grid-cols-2 gap-3 text-sm">
                  <p
                    className="min-w-0 rounded-xl bg-danger-soft/60 px-3 py-2 break-words whitespace-pre-wrap"
                    data-side="revision"
                  >
                    <span className="sr-only">This revision: </span>
                    <Pieces pieces={pieces.left} tone="removed" />
                  </p>
                  <p
                    className="min-w-0 rounded-xl bg-success/10 px-3 py-2 break-words whitespace-pre-wrap"
                    data-side="editor"
                  >
                    <span className="sr-only">In the editor: </span>
                    <Pieces pieces={pieces.right} tone="added" />
                  </p>
                </div>
              </section>
            );
          })}
          {changedLines.map((field) => (
            <section key={field.key} className="flex flex-col gap-1.5">
              <h3 className="text-sm font-semibold text-ink">{field.label}</h3>
              <LinesDiff
                rows={sideBySideRows(shown(revision.fields, field), shown(current, field))}
                testId={field.key === 'body' ? 'body-diff' : `diff-lines-${field.key}`}
              />
            </section>
          ))}
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        busy={restoring}
        onClose={() => setConfirming(false)}
        title={revisionMessages.restoreConfirmTitle}
        description={confirmText}
        confirmLabel="Restore"
        busyLabel="Restoring..."
        destructive={false}
        onConfirm={() => void restore()}
        problem={{ text: restoreError }}
      />
    </Card>
  );
}
