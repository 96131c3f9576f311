import { Eye, Pencil } from '@/components/ui/icons';
import { useState, type ReactNode } from 'react';
import { BodyEditor } from '@/components/admin/rich-text/body-editor';
import { Button } from '@/components/ui/button';

/**
 * A markdown text of an admin editor: its label, an Edit / Preview switch, the text edited as rich
 * text or as its markdown source (BodyEditor), and the preview drawn by the caller's renderer (the
 * same one the public page uses, so what staff see is what readers get). The hint and the error
 * sentence sit under it.
 */
export function MarkdownField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  renderPreview,
  height = 'default',
  testId,
  images = true,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  renderPreview: (markdown: string) => ReactNode;
  height?: 'md' | 'default' | 'lg';
  testId?: string;
  images?: boolean;
}) {
  const [preview, setPreview] = useState(false);
  const hintId = `${id}-hint`;
  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid={testId}>
      <BodyEditor
        id={id}
        label={label}
        sourceLabel={label}
        value={value}
        onChange={onChange}
        error={error}
        hintId={hint ? hintId : undefined}
        height={height}
        images={images}
        actions={
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-pressed={preview}
            aria-label={preview ? `Edit ${label}` : `Preview ${label}`}
            onClick={() => setPreview((shown) => !shown)}
          >
            {preview ? <Pencil aria-hidden="true" /> : <Eye aria-hidden="true" />}
            {preview ? 'Edit' : 'Preview'}
          </Button>
        }
        replacement={
          preview ? (
            <div
              className="min-h-32 min-w-0 overflow-x-auto rounded-xl border border-line bg-paper p-5"
              data-testid={testId ? `${testId}-preview` : undefined}
            >
              {value.trim() ? renderPreview(value) : <p className="text-sm text-ink-muted">Nothing to preview yet.</p>}
            </div>
          ) : undefined
        }
      />
      {hint ? (
        <div id={hintId} className="text-xs leading-relaxed text-ink-muted">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
