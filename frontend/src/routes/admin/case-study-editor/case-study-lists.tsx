import { Plus, X } from '@/components/ui/icons';
import { caseStudyLimits } from '@northbeam/common';
import type { DocumentEditorState } from '@/components/admin/document-editor/use-document-editor';
import { ImageAddressField } from '@/components/admin/image-address-field';
import { Button } from '@/components/ui/button';
import { DocumentSection } from '@/components/admin/document-editor/document-fields';
import { fieldControl, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  emptyGalleryImage,
  emptyMetric,
  type CaseStudyFormValues,
  type GalleryRow,
  type MetricRow,
} from './case-study-form';

/** What the case study editor's buttons may be doing. */
export type CaseStudyBusy = 'save' | 'publish' | 'unpublish' | 'delete';

export type CaseStudyEditor = DocumentEditorState<CaseStudyFormValues, CaseStudyBusy>;

/** The metrics of a case study, rows added and removed (at most `caseStudyLimits.metricsMax`). */
export function CaseStudyMetrics({ editor }: { editor: CaseStudyEditor }) {
  const { values, errors, update, fieldId } = editor;
  const updateMetric = (key: string, changes: Partial<MetricRow>) =>
    update((current) => ({
      metrics: current.metrics.map((row) => (row.key === key ? { ...row, ...changes } : row)),
    }));
  return (
    <DocumentSection
      title="Metrics"
      compact
      testId="metrics-editor"
      action={
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={values.metrics.length >= caseStudyLimits.metricsMax}
          onClick={() => update({ metrics: [...values.metrics, emptyMetric()] })}
        >
          <Plus aria-hidden="true" />
          Add metric
        </Button>
      }
    >
      <FieldError message={errors.metrics} />
      {values.metrics.length === 0 ? <p className="text-sm text-ink-muted">No metrics: the page shows none.</p> : null}
      <ol className="flex flex-col gap-4">
        {values.metrics.map((metric, index) => (
          <li
            key={metric.key}
            className="grid gap-3 rounded-2xl border border-line p-4 sm:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1.2fr)_auto] sm:items-start"
            data-testid="metric-row"
          >
            <RowInput
              id={fieldId(`metrics.${index}.value`)}
              label={`Metric ${index + 1} value`}
              shortLabel="Value"
              value={metric.value}
              error={errors[`metrics.${index}.value`]}
              onChange={(value) => updateMetric(metric.key, { value })}
            />
            <RowInput
              id={fieldId(`metrics.${index}.label`)}
              label={`Metric ${index + 1} label`}
              shortLabel="Label"
              value={metric.label}
              error={errors[`metrics.${index}.label`]}
              onChange={(label) => updateMetric(metric.key, { label })}
            />
            <RowInput
              id={fieldId(`metrics.${index}.context`)}
              label={`Metric ${index + 1} context (optional)`}
              shortLabel="Context (optional)"
              value={metric.context}
              error={errors[`metrics.${index}.context`]}
              onChange={(context) => updateMetric(metric.key, { context })}
            />
            <Button
              type="button"
              variant="ghost-danger"
              size="icon-sm"
              className="justify-self-end sm:mt-6"
              aria-label={`Remove metric ${index + 1}`}
              onClick={() => update({ metrics: values.metrics.filter((row) => row.key !== metric.key) })}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
    </DocumentSection>
  );
}

/** The gallery of a case study: images with alt text and caption, in the order the page shows them. */
export function CaseStudyGallery({ editor }: { editor: CaseStudyEditor }) {
  const { values, errors, update, fieldId } = editor;
  const updateImage = (key: string, changes: Partial<GalleryRow>) =>
    update((current) => ({
      gallery: current.gallery.map((row) => (row.key === key ? { ...row, ...changes } : row)),
    }));
  return (
    <DocumentSection
      title="Gallery"
      compact
      testId="gallery-editor"
      description="The first image follows The Challenge, the second Our Approach, the rest close the story."
      action={
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={values.gallery.length >= caseStudyLimits.galleryMax}
          onClick={() => update({ gallery: [...values.gallery, emptyGalleryImage()] })}
        >
          <Plus aria-hidden="true" />
          Add image
        </Button>
      }
    >
      <FieldError message={errors.gallery} />
      <ol className="flex flex-col gap-4">
        {values.gallery.map((image, index) => (
          <li
            key={image.key}
            className="flex flex-col gap-4 rounded-2xl border border-line p-4"
            data-testid="gallery-row"
          >
            <div className="flex items-start justify-between gap-3">
              <p className="text-sm font-semibold text-ink">Image {index + 1}</p>
              <Button
                type="button"
                variant="ghost-danger"
                size="icon-sm"
                aria-label={`Remove image ${index + 1}`}
                onClick={() => update({ gallery: values.gallery.filter((row) => row.key !== image.key) })}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
            <ImageAddressField
              id={fieldId(`gallery.${index}.src`)}
              label={`Gallery image ${index + 1}`}
              value={image.src}
              onChange={(src) => updateImage(image.key, { src })}
              onPick={(picked) => {
                if (!image.alt.trim()) updateImage(image.key, { alt: picked.alt });
              }}
              alt={image.alt || `Gallery image ${index + 1}`}
              error={errors[`gallery.${index}.src`]}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <RowInput
                id={fieldId(`gallery.${index}.alt`)}
                label="Alt text"
                value={image.alt}
                error={errors[`gallery.${index}.alt`]}
                onChange={(alt) => updateImage(image.key, { alt })}
              />
              <RowInput
                id={fieldId(`gallery.${index}.caption`)}
                label="Caption (optional)"
                value={image.caption}
                error={errors[`gallery.${index}.caption`]}
                onChange={(caption) => updateImage(image.key, { caption })}
              />
            </div>
          </li>
        ))}
      </ol>
    </DocumentSection>
  );
}

/** A one-line field of a row (metric, gallery image, call to action, SEO). */
export function RowInput({
  id,
  label,
  shortLabel,
  value,
  onChange,
  error,
  hint,
}: {
  id: string;
  label: string;
  /** The visible label when the full one is for screen readers only (a row of a list). */
  shortLabel?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
}) {
  const hintId = `${id}-hint`;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {shortLabel ? (
          <>
            <span aria-hidden="true">{shortLabel}</span>
            <span className="sr-only">{label}</span>
          </>
        ) : (
          label
        )}
      </label>
      <Input
        {...fieldControl(id, error, hint ? hintId : undefined)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      <FieldError field={id} message={error} />
    </div>
  );
}
