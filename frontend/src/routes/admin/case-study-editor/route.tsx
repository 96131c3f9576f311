import { AlertTriangle, ExternalLink, EyeOff, Plus, Save, Send, Trash2, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { data, isRouteErrorResponse, Link, useNavigate } from 'react-router-dom';
import { useLoaderData, useRouteError, type LoaderFunctionArgs } from '@/app/data-router';
import {
  caseStudyLimits,
  caseStudyStatusLabels,
  messages,
  outcomesSplitMarker,
  revisionMessages,
  site,
  slugify,
  type AdminCaseStudy,
  type CaseStudyStatus,
  type RevisionSummary,
  type SaveCaseStudyRequest,
  type StaffUser,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { ImageAddressField } from '@/components/admin/image-address-field';
import { MarkdownField } from '@/components/admin/markdown-field';
import { RevisionDiff } from '@/components/admin/revision-diff';
import { RevisionsPanel } from '@/components/admin/revisions-panel';
import { CaseStudyProse } from '@/components/case-studies/case-study-prose';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, fieldControl, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { useHydrated } from '@/hooks/use-hydrated';
import { ApiRequestError, apiRequest, errorSentence, loadJson, pageStatusOf, requestJson } from '@/lib/api';
import { refusedAsSentence } from '@/components/admin/list-loader';
import { fieldErrorsOf } from '@/lib/field-errors';
import { forgetStaffUser, requireStaffUser, signInAgain } from '@/lib/staff';
import {
  emptyCaseStudyForm,
  emptyGalleryImage,
  emptyMetric,
  formFromCaseStudy,
  payloadFromForm,
  sameCaseStudyValues,
  specialLayoutSlugs,
  type CaseStudyFormErrors,
  type CaseStudyFormValues,
  type GalleryRow,
  type MetricRow,
} from './case-study-form';
import { caseStudyRevisionFields } from './case-study-revision-fields';
import { BackLink } from '@/components/admin/back-link';

interface EditorData {
  user: StaffUser;
  caseStudy: AdminCaseStudy | null;
  /** The server's refusal (a consultant), shown instead of the editor. */
  refusal?: string;
}

export const handle: RouteHandle<EditorData | undefined> = {
  head: ({ data: loaded }) => ({
    title: loaded?.caseStudy ? `Edit: ${loaded.caseStudy.title}` : 'New case study',
    description: `${site.name} case study editor.`,
    noindex: true,
  }),
};

export async function loader({ context, request, params }: LoaderFunctionArgs): Promise<EditorData> {
  const user = await requireStaffUser(context, request);
  if (user.permissions['case-studies'] === 'none') return { user, caseStudy: null, refusal: messages.forbidden };
  if (!params.id) return { user, caseStudy: null };
  try {
    const { value: caseStudy, refusal } = await refusedAsSentence(
      loadJson<AdminCaseStudy>(context, `/api/admin/case-studies/${encodeURIComponent(params.id)}`),
      [403],
    );
    if (refusal) return { user, caseStudy: null, refusal };
    if (!caseStudy) signInAgain(request);
    return { user, caseStudy };
  } catch (error) {
    if (error instanceof ApiRequestError) throw data(null, { status: pageStatusOf(error) });
    throw error;
  }
}

export function Component() {
  const { caseStudy, refusal } = useLoaderData<typeof loader>();
  if (refusal) {
    return (
      <section className="container-page py-10 sm:py-14">
        <BackToCaseStudies />
        <Alert variant="destructive" className="mt-6">
          <AlertDescription>{refusal}</AlertDescription>
        </Alert>
      </section>
    );
  }
  // A fresh editor per case study: the form starts again from what the server holds.
  return <Editor key={caseStudy?.id ?? 'new'} loaded={caseStudy} />;
}

function BackToCaseStudies() {
  return <BackLink to="/admin/case-studies">All case studies</BackLink>;
}

/** The fields the plain one-line helper draws. */
type TextFieldName = 'client' | 'sector' | 'date' | 'link';

type Busy = 'save' | 'publish' | 'unpublish' | 'delete' | null;

function Editor({ loaded }: { loaded: AdminCaseStudy | null }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [saved, setSaved] = useState<AdminCaseStudy | null>(loaded);
  const [savedValues, setSavedValues] = useState<CaseStudyFormValues>(() =>
    loaded ? formFromCaseStudy(loaded) : emptyCaseStudyForm,
  );
  const [values, setValues] = useState<CaseStudyFormValues>(savedValues);
  const [errors, setErrors] = useState<CaseStudyFormErrors>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState<Busy>(null);
  const [confirm, setConfirm] = useState<'unpublish' | 'delete' | null>(null);
  const [selectedRevision, setSelectedRevision] = useState<RevisionSummary>();
  const [revisionsKey, setRevisionsKey] = useState(0);
  const [slugTouched, setSlugTouched] = useState(Boolean(loaded));
  const id = useId();
  /** The control of a field, by the server's path for it (`cta.label` → `…-cta-label`). */
  const fieldId = (path: string) => `${id}-${path.replace(/\./g, '-')}`;
  const dirty = !sameCaseStudyValues(values, savedValues);
  const status: CaseStudyStatus | null = saved?.status ?? null;

  const update = (changes: Partial<CaseStudyFormValues>) => setValues((current) => ({ ...current, ...changes }));
  const onTitle = (title: string) => update(slugTouched ? { title } : { title, slug: slugify(title) });
  const updateMetric = (key: string, changes: Partial<MetricRow>) =>
    setValues((current) => ({
      ...current,
      metrics: current.metrics.map((row) => (row.key === key ? { ...row, ...changes } : row)),
    }));
  const updateImage = (key: string, changes: Partial<GalleryRow>) =>
    setValues((current) => ({
      ...current,
      gallery: current.gallery.map((row) => (row.key === key ? { ...row, ...changes } : row)),
    }));

  const fail = (error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 401) forgetStaffUser();
    const fromServer = fieldErrorsOf(error) ?? {};
    setErrors(fromServer);
    const first = Object.keys(fromServer)[0];
    if (first) document.getElementById(fieldId(first))?.focus();
    setProblem(errorSentence(error));
  };

  /** Saves the form when it changed (or creates the case study); answers what the server holds. */
  const saveForm = async (createAs: CaseStudyStatus): Promise<AdminCaseStudy> => {
    const body = payloadFromForm(values);
    if (!saved)
      return requestJson<AdminCaseStudy>('POST', '/api/admin/case-studies', {
        ...body,
        status: createAs,
      } satisfies SaveCaseStudyRequest);
    if (!dirty) return saved;
    return requestJson<AdminCaseStudy>('PUT', `/api/admin/case-studies/${saved.id}`, body);
  };

  const settle = (result: AdminCaseStudy) => {
    setErrors({});
    setProblem(undefined);
    if (!saved) {
      // A new case study gets its own address; the editor there starts from the saved row.
      void navigate(`/admin/case-studies/${result.id}`, { replace: true });
      return;
    }
    setSaved(result);
    const fresh = formFromCaseStudy(result);
    setSavedValues(fresh);
    setValues(fresh);
    // A save keeps a revision: the list shows it.
    setRevisionsKey((key) => key + 1);
  };

  /** A restored revision is the saved case study now: the editor shows it, unsaved changes gone. */
  const onRevisionRestored = (restored: AdminCaseStudy) => {
    setSelectedRevision(undefined);
    settle(restored);
    toast({ title: revisionMessages.restored, description: restored.title });
  };

  const run = async (kind: Exclude<Busy, null>, work: () => Promise<AdminCaseStudy>, done: string) => {
    setBusy(kind);
    try {
      const result = await work();
      toast({ title: done, description: result.title });
      settle(result);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const save = () => run('save', () => saveForm('draft'), saved ? 'Changes saved' : 'Draft saved');
  const publish = () =>
    run(
      'publish',
      async () => {
        const result = await saveForm('published');
        return result.status === 'published'
          ? result
          : requestJson<AdminCaseStudy>('POST', `/api/admin/case-studies/${result.id}/publish`);
      },
      'Case study published',
    );
  const unpublish = () =>
    run(
      'unpublish',
      () => requestJson<AdminCaseStudy>('POST', `/api/admin/case-studies/${saved!.id}/unpublish`),
      'Case study unpublished',
    );

  const remove = async () => {
    if (!saved) return;
    setBusy('delete');
    try {
      await apiRequest('DELETE', `/api/admin/case-studies/${saved.id}`);
      toast({ title: 'Case study deleted', description: saved.title });
      void navigate('/admin/case-studies', { replace: true });
    } catch (error) {
      setConfirm(null);
      fail(error);
      setBusy(null);
    }
  };

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

  const listError = (path: string) => errors[path];
  const special = specialLayoutSlugs[savedValues.slug];

  return (
    <section className="container-page py-10 sm:py-14">
      <BackToCaseStudies />
      <div className="mt-4 mb-8 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="eyebrow">{saved ? 'Case study' : 'New case study'}</p>
          <h1 className="heading-1 mt-2 break-words">{saved ? saved.title : 'Write a new case study'}</h1>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {status ? (
            <Badge variant={status === 'published' ? 'default' : 'outline'} data-testid="case-study-status">
              {caseStudyStatusLabels[status]}
            </Badge>
          ) : null}
          {dirty ? (
            <Badge variant="secondary" data-testid="unsaved-changes">
              Unsaved changes
            </Badge>
          ) : null}
        </div>
      </div>

      {saved && selectedRevision ? (
        <div className="mb-8">
          <RevisionDiff<AdminCaseStudy>
            revisionUrl={`/api/admin/case-studies/${encodeURIComponent(saved.id)}/revisions/${encodeURIComponent(selectedRevision.id)}`}
            revisionId={selectedRevision.id}
            fields={caseStudyRevisionFields}
            current={{ ...payloadFromForm(values) }}
            confirmText={
              saved.status === 'published'
                ? revisionMessages.caseStudyRestoreConfirmLive
                : revisionMessages.caseStudyRestoreConfirmDraft
            }
            onClose={() => setSelectedRevision(undefined)}
            onRestored={onRevisionRestored}
          />
        </div>
      ) : null}

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <div className="flex min-w-0 flex-col gap-6">
          {problem ? (
            <Alert variant="destructive" data-testid="save-error">
              <AlertTriangle className="size-4" aria-hidden="true" />
              <div>
                <AlertTitle>Not saved</AlertTitle>
                <AlertDescription>{problem}</AlertDescription>
              </div>
            </Alert>
          ) : null}

          <Card className="flex flex-col gap-6 p-6 sm:p-8">
            <h2 className="heading-3">The case study</h2>
            <Field label="Title" htmlFor={fieldId('title')} error={errors.title}>
              {(control) => (
                <Input
                  {...control}
                  value={values.title}
                  onChange={(event) => onTitle(event.target.value)}
                  textSize="lg"
                  className="font-display"
                />
              )}
            </Field>
            <Field
              label="Slug"
              htmlFor={fieldId('slug')}
              error={errors.slug}
              hint={
                <div className="flex flex-col gap-1 text-xs text-ink-muted">
                  <p className="break-all">/case-studies/{values.slug || 'slug'}</p>
                  {special ? (
                    <p data-testid="special-layout-hint">
                      This slug has a layout of its own ({special}); another slug shows the usual layout.
                    </p>
                  ) : null}
                </div>
              }
            >
              {(control) => (
                <Input
                  {...control}
                  value={values.slug}
                  onChange={(event) => {
                    setSlugTouched(true);
                    update({ slug: event.target.value });
                  }}
                  textSize="sm"
                  className="font-mono"
                />
              )}
            </Field>
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
              error={listError('services')}
            />
            <NamesField
              id={fieldId('tech')}
              label="Technologies"
              value={values.techText}
              onChange={(techText) => update({ techText })}
              error={listError('tech')}
            />
          </Card>

          <Card className="flex flex-col gap-6 p-6 sm:p-8">
            <h2 className="heading-3">Hero image</h2>
            <ImageAddressField
              id={fieldId('hero_image')}
              label="Hero image"
              value={values.hero_image}
              onChange={(hero_image) => update({ hero_image })}
              alt={values.title || 'Hero image'}
              error={errors.hero_image}
            />
          </Card>

          <Card className="flex flex-col gap-6 p-6 sm:p-8">
            <h2 className="heading-3">The story</h2>
            <p className="-mt-3 text-sm text-ink-muted">Markdown. Preview shows each section as the page does.</p>
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
            <MarkdownField
              id={fieldId('outcomes_md')}
              label="Outcomes"
              value={values.outcomes_md}
              onChange={(outcomes_md) => update({ outcomes_md })}
              error={errors.outcomes_md}
              renderPreview={(markdown) => <CaseStudyProse markdown={markdown} />}
              testId="editor-outcomes"
              hint={
                <p>
                  A line <code className="font-mono">{outcomesSplitMarker}</code> marks where the panaquest layout
                  places the second gallery image.
                </p>
              }
            />
          </Card>

          <Card className="flex flex-col gap-5 p-6 sm:p-8" data-testid="metrics-editor">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="heading-3">Metrics</h2>
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
            </div>
            <FieldError message={listError('metrics')} />
            {values.metrics.length === 0 ? (
              <p className="text-sm text-ink-muted">No metrics: the page shows none.</p>
            ) : null}
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
          </Card>

          <Card className="flex flex-col gap-5 p-6 sm:p-8" data-testid="gallery-editor">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="heading-3">Gallery</h2>
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
            </div>
            <p className="-mt-2 text-sm text-ink-muted">
              The first image follows The Challenge, the second Our Approach, the rest close the story.
            </p>
            <FieldError message={listError('gallery')} />
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
          </Card>

          <Card className="flex flex-col gap-6 p-6 sm:p-8">
            <h2 className="heading-3">Call to action</h2>
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
          </Card>

          <Card className="flex flex-col gap-6 p-6 sm:p-8">
            <h2 className="heading-3">Search and sharing</h2>
            <p className="-mt-3 text-sm text-ink-muted">
              Each may be empty: the page then uses the title, the summary and the hero image.
            </p>
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
          </Card>
        </div>

        <aside className="flex min-w-0 flex-col gap-6 lg:sticky lg:top-36 lg:self-start">
          <Card className="flex flex-col gap-4 p-6" data-testid="publish-card">
            <h2 className="heading-3">Publish</h2>
            <p className="text-sm text-ink-muted">
              {status === 'published'
                ? 'Published: saving changes updates the page on the site at once.'
                : status === 'draft'
                  ? 'Draft: only staff can see it, on its preview.'
                  : 'A new case study stays a draft until you publish it.'}
            </p>
            <Button
              type="submit"
              variant={status === 'published' ? 'default' : 'outline'}
              disabled={!hydrated || busy !== null || (saved !== null && !dirty)}
            >
              <Save aria-hidden="true" />
              {busy === 'save' ? 'Saving...' : saved ? 'Save changes' : 'Save draft'}
            </Button>
            {status !== 'published' ? (
              <Button type="button" disabled={!hydrated || busy !== null} onClick={() => void publish()}>
                <Send aria-hidden="true" />
                {busy === 'publish' ? 'Publishing...' : dirty && saved ? 'Save and publish' : 'Publish'}
              </Button>
            ) : (
              <Button
                type="button"
                variant="outline"
                disabled={!hydrated || busy !== null}
                onClick={() => setConfirm('unpublish')}
              >
                <EyeOff aria-hidden="true" />
                {busy === 'unpublish' ? 'Unpublishing...' : 'Unpublish'}
              </Button>
            )}
            {saved ? (
              <a
                href={`/case-studies/${saved.slug}`}
                target="_blank"
                rel="noopener"
                className={buttonVariants({ variant: 'link', size: 'inline', className: 'justify-start gap-1.5' })}
                data-testid="case-study-preview-link"
              >
                <ExternalLink className="size-4" aria-hidden="true" />
                {status === 'published' ? 'View on the site' : 'Preview the draft'}
              </a>
            ) : null}
            {saved && dirty ? <p className="text-xs text-ink-muted">The page shows the last saved version.</p> : null}
          </Card>
          {saved ? (
            <Card className="flex flex-col gap-3 p-6">
              <h2 className="heading-3">Delete</h2>
              <p className="text-sm text-ink-muted">Removes the case study from the site and the admin for good.</p>
              <Button
                type="button"
                variant="ghost-danger"
                className="justify-start"
                disabled={!hydrated || busy !== null}
                onClick={() => setConfirm('delete')}
              >
                <Trash2 aria-hidden="true" />
                Delete case study
              </Button>
            </Card>
          ) : null}
          {saved ? (
            <RevisionsPanel
              revisionsUrl={`/api/admin/case-studies/${encodeURIComponent(saved.id)}/revisions`}
              refreshKey={revisionsKey}
              selectedId={selectedRevision?.id}
              onSelect={(revision) => {
                setSelectedRevision(revision);
                window.scrollTo({ top: 0 });
              }}
            />
          ) : null}
        </aside>
      </form>

      <ConfirmDialog
        open={confirm !== null}
        busy={busy !== null}
        onClose={() => setConfirm(null)}
        {...(confirm === 'delete'
          ? {
              title: 'Delete case study',
              description: `Are you sure you want to delete "${saved?.title ?? ''}"? It leaves the site at once and cannot be undone.`,
              confirmLabel: 'Delete Case Study',
              busyLabel: busy === 'delete' ? 'Deleting...' : undefined,
              onConfirm: () => void remove(),
            }
          : {
              title: 'Unpublish case study',
              description: 'This will take the case study off the site. Continue?',
              confirmLabel: 'Unpublish',
              destructive: false,
              onConfirm: () => {
                setConfirm(null);
                void unpublish();
              },
            })}
      />
    </section>
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
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return (
    <Field
      label={label}
      htmlFor={id}
      error={error}
      hint={
        names.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={`${label} as shown`}>
            {names.map((name, index) => (
              <li key={`${name}-${index}`} className="rounded-full bg-mist px-2.5 py-0.5 text-xs font-medium text-ink">
                {name}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-xs text-ink-muted">Comma separated</p>
        )
      }
    >
      {(control) => <Input {...control} value={value} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

/** A one-line field of a row (metric, gallery image, call to action, SEO). */
function RowInput({
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

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-page py-16">
      <div role="alert" className="flex flex-col items-start gap-3 rounded-card border border-line bg-white p-8">
        <h1 className="heading-2">{notFound ? messages.caseStudyNotFound : 'The case study could not be loaded'}</h1>
        <p className="text-ink-muted">{notFound ? 'It may have been deleted.' : 'Please try refreshing the page.'}</p>
        <Link to="/admin/case-studies" className={buttonVariants({ variant: 'outline' })}>
          Back to all case studies
        </Link>
      </div>
    </section>
  );
}
