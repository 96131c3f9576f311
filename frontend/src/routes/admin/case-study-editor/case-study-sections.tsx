import type { ReactNode } from 'react';
import { caseStudyLimits, joinOutcomes, splitOutcomes } from '@northbeam/common';
import { DocumentSection, NamesHint, TitleAndSlugFields } from '@/components/admin/document-editor/document-fields';
import { ImageAddressField } from '@/components/admin/image-address-field';
import { MarkdownField } from '@/components/admin/markdown-field';
import { Button } from '@/components/ui/button';
import { ImagePlus, X } from '@/components/ui/icons';
import { CaseStudyProse } from '@/components/case-studies/case-study-prose';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { parseNames, specialLayoutSlugs } from './case-study-form';
import { CaseStudyGallery, CaseStudyMetrics, RowInput, type CaseStudyEditor } from './case-study-lists';

/** The fields the plain one-line helper draws. */
type TextFieldName = 'client' | 'sector' | 'date' | 'link';

/**
 * The case study's sections in the editor: what it is, its hero image, the story, its metrics and
 * gallery, the call to action and search and sharing. `savedSlug`: the slug the page has now.
 */
export function CaseStudySections({ editor, savedSlug }: { editor: CaseStudyEditor; savedSlug: string }) {
  const { values, errors, update, fieldId } = editor;
  const special = specialLayoutSlugs[savedSlug];

  const text = (
    path: TextFieldName,
    label: string,
    options: { hint?: ReactNode; type?: string; max?: number } = {},
  ) => (
    <Field label={label} htmlFor={fieldId(path)} error={errors[path]} hint={options.hint}>
      {(control) => (
        <Input
          {...control}
          type={options.type ?? 'text'}
          value={values[path]}
          onChange={(event) => update({ [path]: event.target.value })}
        />
      )}
    </Field>
  );

  return (
    <>
      <DocumentSection title="The case study">
        <TitleAndSlugFields
          editor={editor}
          slugHint={
            <div className="flex flex-col gap-1 text-xs text-ink-muted">
              <p className="break-all">/case-studies/{values.slug || 'slug'}</p>
              {special ? (
                <p data-testid="special-layout-hint">
                  This slug has a layout of its own ({special}); another slug shows the usual layout.
                </p>
              ) : null}
            </div>
          }
        />
        <Field label="Summary" htmlFor={fieldId('summary')} error={errors.summary}>
          {(control) => (
            <Textarea
              {...control}
              value={values.summary}
              onChange={(event) => update({ summary: event.target.value.replace(/[\r\n\t]+/g, ' ') })}
              height="md"
            />
          )}
        </Field>
        <div className="grid gap-6 sm:grid-cols-2">
          {text('client', 'Client')}
          {text('sector', 'Sector')}
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          {text('date', 'Date', {
            type: 'date',
            hint: <p className="text-xs text-ink-muted">Shown as month and year.</p>,
          })}
          {text('link', 'Project link (optional)', {
            hint: <p className="text-xs text-ink-muted">An https:// address.</p>,
          })}
        </div>
        <NamesField
          id={fieldId('services')}
          label="Services"
          value={values.servicesText}
          onChange={(servicesText) => update({ servicesText })}
          error={errors.services}
        />
        <NamesField
          id={fieldId('tech')}
          label="Technologies"
          value={values.techText}
          onChange={(techText) => update({ techText })}
          error={errors.tech}
        />
      </DocumentSection>

      <DocumentSection title="Hero image">
        <ImageAddressField
          id={fieldId('hero_image')}
          label="Hero image"
          value={values.hero_image}
          onChange={(hero_image) => update({ hero_image })}
          alt={values.title || 'Hero image'}
          error={errors.hero_image}
        />
      </DocumentSection>

      <DocumentSection
        title="The story"
        description="Each section is written as formatted text, or as its markdown source. Preview shows it as the page does."
      >
        <MarkdownField
          id={fieldId('problem_md')}
          label="The Challenge"
          value={values.problem_md}
          onChange={(problem_md) => update({ problem_md })}
          error={errors.problem_md}
          renderPreview={(markdown) => <CaseStudyProse markdown={markdown} />}
          testId="editor-problem"
        />
        <MarkdownField
          id={fieldId('approach_md')}
          label="Our Approach"
          value={values.approach_md}
          onChange={(approach_md) => update({ approach_md })}
          error={errors.approach_md}
          renderPreview={(markdown) => <CaseStudyProse markdown={markdown} />}
          testId="editor-approach"
        />
        <MarkdownField
          id={fieldId('solution_md')}
          label="The Solution"
          value={values.solution_md}
          onChange={(solution_md) => update({ solution_md })}
          error={errors.solution_md}
          renderPreview={(markdown) => <CaseStudyProse markdown={markdown} />}
          testId="editor-solution"
        />
        <OutcomesFields editor={editor} />
      </DocumentSection>
      <CaseStudyMetrics editor={editor} />
      <CaseStudyGallery editor={editor} />

      <DocumentSection title="Call to action">
        <div className="grid gap-6 sm:grid-cols-2">
          <RowInput
            id={fieldId('cta.label')}
            label="Button label"
            value={values.ctaLabel}
            error={errors['cta.label'] ?? errors.cta}
            onChange={(ctaLabel) => update({ ctaLabel })}
          />
          <RowInput
            id={fieldId('cta.href')}
            label="Button link"
            value={values.ctaHref}
            error={errors['cta.href']}
            onChange={(ctaHref) => update({ ctaHref })}
            hint="A path on this site (/contact), a web address or a mailto: link."
          />
        </div>
      </DocumentSection>

      <DocumentSection
        title="Search and sharing"
        description="Each may be empty: the page then uses the title, the summary and the hero image."
      >
        <FieldError message={errors.seo} />
        <RowInput
          id={fieldId('seo.title')}
          label="SEO title"
          value={values.seoTitle}
          error={errors['seo.title']}
          onChange={(seoTitle) => update({ seoTitle })}
          hint={`${values.seoTitle.length}/${caseStudyLimits.seoTitleMax} characters`}
        />
        <RowInput
          id={fieldId('seo.description')}
          label="SEO description"
          value={values.seoDescription}
          error={errors['seo.description']}
          onChange={(seoDescription) => update({ seoDescription })}
          hint={`${values.seoDescription.length}/${caseStudyLimits.seoDescriptionMax} characters`}
        />
        <ImageAddressField
          id={fieldId('seo.image')}
          label="SEO image"
          value={values.seoImage}
          onChange={(seoImage) => update({ seoImage })}
          alt="Image for search and sharing"
          error={errors['seo.image']}
          optional
        />
      </DocumentSection>
    </>
  );
}

/** A comma-separated list of names, with the names it makes shown under it. */
function NamesField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <Field
      label={label}
      htmlFor={id}
      error={error}
      hint={<NamesHint names={parseNames(value)} label={`${label} as shown`} />}
    >
      {(control) => <Input {...control} value={value} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

/**
 * The outcomes, in one text or two around the place where the panaquest layout shows the second
 * gallery image. The writer sees two fields and a button, never the split line that is stored.
 */
function OutcomesFields({ editor }: { editor: CaseStudyEditor }) {
  const { values, errors, update, fieldId } = editor;
  const { before, after } = splitOutcomes(values.outcomes_md);
  const preview = (markdown: string) => <CaseStudyProse markdown={markdown} />;
  return (
    <div className="flex flex-col gap-4" data-testid="editor-outcomes-group">
      <MarkdownField
        id={fieldId('outcomes_md')}
        label={after === null ? 'Outcomes' : 'Outcomes, before the second gallery image'}
        value={before}
        onChange={(text) => update({ outcomes_md: joinOutcomes(text, after) })}
        error={errors.outcomes_md}
        renderPreview={preview}
        testId="editor-outcomes"
      />
      {after === null ? (
        <div className="flex flex-col items-start gap-1.5">
          <Button
            type="button"
            variant="outline"
            size="sm"
            wrap
            onClick={() => update({ outcomes_md: joinOutcomes(before.trimEnd(), '\n') })}
          >
            <ImagePlus aria-hidden="true" />
            Show the second gallery image within the outcomes
          </Button>
          <p className="text-xs text-ink-muted">
            On the panaquest layout the image then sits between two parts of the outcomes.
          </p>
        </div>
      ) : (
        <>
          <p
            className="flex items-center gap-2 rounded-xl border border-dashed border-line bg-mist px-4 py-3 text-sm text-ink-muted"
            data-testid="outcomes-gallery-split"
          >
            <ImagePlus className="size-4 shrink-0" aria-hidden="true" />
            The second gallery image appears here on the panaquest layout.
          </p>
          <MarkdownField
            id={`${fieldId('outcomes_md')}-after`}
            label="Outcomes, after the second gallery image"
            value={after}
            onChange={(text) => update({ outcomes_md: joinOutcomes(before, text) })}
            renderPreview={preview}
            testId="editor-outcomes-after"
          />
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="self-start"
            onClick={() => update({ outcomes_md: `${before.trimEnd()}\n\n${after.trimStart()}`.trimEnd() })}
          >
            <X aria-hidden="true" />
            Join the outcomes into one text
          </Button>
        </>
      )}
    </div>
  );
}
