import { lazy, Suspense, useContext, useId, useSyncExternalStore, type ReactNode } from 'react';
import { DocumentReadOnly } from '@/components/admin/document-editor/read-only';
import { fieldControl, FieldError } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useHydrated } from '@/hooks/use-hydrated';
import { cn } from '@/lib/cn';

/** The editor itself, a chunk of its own that only the admin's editor screens ever load (ADR 0011). */
const RichTextEditor = lazy(() => import('./rich-text-editor'));

export type BodyEditorMode = 'rich' | 'markdown';

/** The writer's choice, kept in this browser for every body on every editor screen. */
export const bodyEditorModeKey = 'northbeam.body-editor';
const modeEvent = 'northbeam:body-editor-mode';

function readMode(): BodyEditorMode {
  try {
    return window.localStorage.getItem(bodyEditorModeKey) === 'markdown' ? 'markdown' : 'rich';
  } catch {
    return 'rich';
  }
}

function subscribeMode(onChange: () => void) {
  window.addEventListener(modeEvent, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(modeEvent, onChange);
    window.removeEventListener('storage', onChange);
  };
}

function setMode(mode: BodyEditorMode) {
  try {
    window.localStorage.setItem(bodyEditorModeKey, mode);
  } catch {
    // Private browsing without storage: the switch still works for this page.
  }
  window.dispatchEvent(new Event(modeEvent));
}

export function useBodyEditorMode(): BodyEditorMode {
  // The server's HTML (and a page before hydration) has the plain markdown text area.
  return useSyncExternalStore(subscribeMode, readMode, () => 'markdown');
}

export interface BodyEditorProps {
  id: string;
  /** The field's name, e.g. "Body"; the markdown source's text area is labelled "<label> (markdown)". */
  label: string;
  /** The markdown source's label, when not "<label> (markdown)". */
  sourceLabel?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The id of a hint under the field, read with the editing area. */
  hintId?: string;
  readOnly?: boolean;
  /** Buttons beside the label (preview, insert image…), shown in both modes. */
  actions?: ReactNode;
  /** Shown instead of the editing area (a preview). */
  replacement?: ReactNode;
  images?: boolean;
  height?: 'md' | 'default' | 'lg';
  testId?: string;
}

/**
 * A markdown text of an admin editor, edited as formatted text (the rich text editor) or as its
 * markdown source, by the writer's choice. The switch is remembered in this browser.
 */
export function BodyEditor({
  id,
  label,
  sourceLabel,
  value,
  onChange,
  error,
  hintId,
  readOnly: readOnlyField = false,
  actions,
  replacement,
  images = true,
  height = 'lg',
  testId,
}: BodyEditorProps) {
  const readOnly = useContext(DocumentReadOnly) || readOnlyField;
  const hydrated = useHydrated();
  const mode = useBodyEditorMode();
  const rich = hydrated && mode === 'rich';
  const labelId = useId();
  const control = fieldControl(id, error, hintId);
  const labelText = rich ? label : (sourceLabel ?? `${label} (markdown)`);
  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {rich ? (
          <span id={labelId} className="text-sm font-medium text-ink">
            {labelText}
          </span>
        ) : (
          <label id={labelId} htmlFor={id} className="text-sm font-medium text-ink">
            {labelText}
          </label>
        )}
        <div className="flex flex-wrap items-center justify-end gap-1">
          {actions}
          {hydrated ? (
            <div
              role="group"
              aria-label={`How to edit the ${label.toLowerCase()}`}
              className="flex rounded-full bg-mist p-0.5"
            >
              {(['rich', 'markdown'] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  aria-pressed={mode === option}
                  onClick={() => setMode(option)}
                  className={cn(
                    'h-8 rounded-full px-3 text-xs font-medium text-ink-muted focus-visible:outline-2 focus-visible:outline-beam',
                    mode === option && 'bg-white text-ink shadow-sm',
                  )}
                >
                  {option === 'rich' ? 'Rich text' : 'Markdown'}
                </button>
              ))}
            </div>
          ) : null}
        </div>
      </div>
      {replacement ??
        (rich ? (
          <Suspense
            fallback={
              <div className="min-h-32 rounded-xl border border-line bg-paper p-5 text-sm text-ink-muted">
                Loading the editor…
              </div>
            }
          >
            <RichTextEditor
              id={id}
              labelledBy={labelId}
              describedBy={control['aria-describedby']}
              markdown={value}
              onChange={onChange}
              readOnly={readOnly}
              images={images}
              minHeight={height === 'lg' ? 'min-h-96' : height === 'md' ? 'min-h-24' : 'min-h-32'}
            />
          </Suspense>
        ) : (
          <Textarea
            {...control}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            readOnly={readOnly}
            height={height}
            textSize="sm"
            className="font-mono"
          />
        ))}
      <FieldError field={id} message={error} />
    </div>
  );
}
