import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { Input } from '@/components/ui/input';
import type { DocumentEditorState } from './use-document-editor';

/** A document's title and the slug of its address (`slugHint`: the address it makes). */
export function TitleAndSlugFields({
  editor,
  slugHint,
}: {
  editor: Pick<DocumentEditorState, 'values' | 'errors' | 'fieldId' | 'changeTitle' | 'changeSlug'>;
  slugHint: ReactNode;
}) {
  const { values, errors, fieldId } = editor;
  return (
    <>
      <Field label="Title" htmlFor={fieldId('title')} error={errors.title}>
        {(control) => (
          <Input
            {...control}
            value={values.title}
            onChange={(event) => editor.changeTitle(event.target.value)}
            textSize="lg"
            className="font-display"
          />
        )}
      </Field>
      <Field label="Slug" htmlFor={fieldId('slug')} error={errors.slug} hint={slugHint}>
        {(control) => (
          <Input
            {...control}
            value={values.slug}
            onChange={(event) => editor.changeSlug(event.target.value)}
            textSize="sm"
            className="font-mono"
          />
        )}
      </Field>
    </>
  );
}

/** Under a comma-separated list of names: the names it makes, or how to write them. */
export function NamesHint({ names, label, testId }: { names: string[]; label: string; testId?: string }) {
  return names.length > 0 ? (
    <ul className="flex flex-wrap gap-1.5" aria-label={label} data-testid={testId}>
      {names.map((name, index) => (
        <li key={`${name}-${index}`} className="rounded-full bg-mist px-2.5 py-0.5 text-xs font-medium text-ink">
          {name}
        </li>
      ))}
    </ul>
  ) : (
    <p className="text-xs text-ink-muted">Comma separated</p>
  );
}

/**
 * A section of a document's content in the editor: a card with its heading, an action beside it
 * (add a row), a sentence under it, then its fields. `compact`: a list of rows, a little closer.
 */
export function DocumentSection({
  title,
  action,
  description,
  compact = false,
  testId,
  children,
}: {
  title?: string;
  action?: ReactNode;
  description?: ReactNode;
  compact?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const heading = title ? <h2 className="heading-3">{title}</h2> : null;
  return (
    <Card className={cn('flex flex-col p-6 sm:p-8', compact ? 'gap-5' : 'gap-6')} data-testid={testId}>
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {description ? <p className={cn('text-sm text-ink-muted', compact ? '-mt-2' : '-mt-3')}>{description}</p> : null}
      {children}
    </Card>
  );
}
