import { ExternalLink, EyeOff, Save, Send, Trash2 } from '@/components/ui/icons';
import {
  caseStudyActions,
  caseStudyStatusLabels,
  messages,
  revisionMessages,
  site,
  type AdminCaseStudy,
  type CaseStudyStatus,
  type SaveCaseStudyRequest,
} from '@northbeam/common';
import { DocumentEditor } from '@/components/admin/document-editor/document-editor';
import type { DocumentKind, LoadedDocument } from '@/components/admin/document-editor/document-kind';
import { documentRoute } from '@/components/admin/document-editor/document-screen';
import { useDocument } from '@/components/admin/document-editor/use-document';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  emptyCaseStudyForm,
  formFromCaseStudy,
  payloadFromForm,
  sameCaseStudyValues,
  type CaseStudyFormValues,
} from './case-study-form';
import type { CaseStudyBusy } from './case-study-lists';
import { caseStudyRevisionFields } from './case-study-revision-fields';
import { CaseStudySections } from './case-study-sections';

/** A case study: saved with its status (published or a draft), kept in revisions, refused to consultants. */
const caseStudyKind: DocumentKind<AdminCaseStudy, CaseStudyFormValues, undefined, CaseStudyStatus> = {
  api: '/api/admin/case-studies',
  editPath: (id) => `/admin/case-studies/${id}`,
  back: { to: '/admin/case-studies', label: 'All case studies' },
  afterSave: 'stay',
  head: (caseStudy) => ({
    title: caseStudy ? `Edit: ${caseStudy.title}` : 'New case study',
    description: `${site.name} case study editor.`,
  }),
  refusals: [403],
  refuse: (user) => (user.permissions['case-studies'] === 'none' ? messages.forbidden : undefined),
  loadError: {
    notFoundTitle: messages.caseStudyNotFound,
    failedTitle: 'The case study could not be loaded',
    back: { to: '/admin/case-studies', label: 'Back to all case studies' },
  },
  empty: () => emptyCaseStudyForm,
  toForm: formFromCaseStudy,
  // The status travels with the save, as for posts.
  toPayload: (values, status) => ({ ...payloadFromForm(values), status }) satisfies SaveCaseStudyRequest,
  same: sameCaseStudyValues,
  skipUnchanged: true,
  newActions: (user) => caseStudyActions(null, user),
  nameOf: (caseStudy) => caseStudy.title,
  revisions: {
    fields: caseStudyRevisionFields,
    current: payloadFromForm,
    confirmText: {
      live: revisionMessages.caseStudyRestoreConfirmLive,
      draft: revisionMessages.caseStudyRestoreConfirmDraft,
    },
  },
};

const confirmDeleteOf = (title: string, remove: () => void) => ({
  title: 'Delete case study',
  description: `Are you sure you want to delete "${title}"? It leaves the site at once and cannot be undone.`,
  confirmLabel: 'Delete Case Study',
  busyLabel: 'Deleting...',
  onConfirm: remove,
});

function Editor(data: LoadedDocument<AdminCaseStudy, undefined>) {
  const document = useDocument<AdminCaseStudy, CaseStudyFormValues, undefined, CaseStudyStatus, CaseStudyBusy>(
    caseStudyKind,
    data,
  );
  const { editor, saved, savedValues, dirty, may, hydrated } = document;
  const status: CaseStudyStatus | null = saved?.status ?? null;
  const toastOf = (title: string) => (result: AdminCaseStudy) => ({ title, description: result.title });

  // "Save changes" keeps the status; a new case study is saved as a draft.
  const save = () =>
    document.save('save', {
      status: saved?.status ?? 'draft',
      toast: toastOf(saved ? 'Changes saved' : 'Draft saved'),
    });
  const publish = () => document.save('publish', { status: 'published', toast: toastOf('Case study published') });
  const confirmUnpublish = {
    title: 'Unpublish case study',
    description: 'This will take the case study off the site. Continue?',
    confirmLabel: 'Unpublish',
    destructive: false,
    onConfirm: () => {
      editor.confirm(null);
      // Only the status changes: the last saved fields go with it, and unsaved edits stay in the form.
      void document.save('unpublish', {
        status: 'draft',
        fields: savedValues,
        toast: toastOf('Case study unpublished'),
      });
    },
  };
  const confirmDelete = confirmDeleteOf(saved?.title ?? '', () => {
    if (!saved) return;
    void document.remove('delete', { title: 'Case study deleted', description: saved.title }, caseStudyKind.back.to);
  });

  return (
    <DocumentEditor<AdminCaseStudy>
      document={document}
      eyebrow={saved ? 'Case study' : 'New case study'}
      title={saved ? saved.title : 'Write a new case study'}
      badges={
        <>
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
        </>
      }
      onSubmit={() => void save()}
      problemTitle="Not saved"
      actions={
        <>
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
              disabled={!hydrated || editor.busy !== null || (saved !== null && !dirty)}
            >
              <Save aria-hidden="true" />
              {editor.busy === 'save' ? 'Saving...' : saved ? 'Save changes' : 'Save draft'}
            </Button>
            {status !== 'published' ? (
              may('publish') ? (
                <Button type="button" disabled={!hydrated || editor.busy !== null} onClick={() => void publish()}>
                  <Send aria-hidden="true" />
                  {editor.busy === 'publish' ? 'Publishing...' : dirty && saved ? 'Save and publish' : 'Publish'}
                </Button>
              ) : null
            ) : may('unpublish') ? (
              <Button
                type="button"
                variant="outline"
                disabled={!hydrated || editor.busy !== null}
                onClick={() => editor.confirm(confirmUnpublish)}
              >
                <EyeOff aria-hidden="true" />
                {editor.busy === 'unpublish' ? 'Unpublishing...' : 'Unpublish'}
              </Button>
            ) : null}
            {saved ? (
              <a
                href={`/case-studies/${saved.slug}`}
                target="_blank"
                rel="noopener"
                className={buttonVariants({ variant: 'link', size: 'inline', className: 'justify-start' })}
                data-testid="case-study-preview-link"
              >
                <ExternalLink className="size-4" aria-hidden="true" />
                {status === 'published' ? 'View on the site' : 'Preview the draft'}
              </a>
            ) : null}
            {saved && dirty ? <p className="text-xs text-ink-muted">The page shows the last saved version.</p> : null}
          </Card>
          {saved && may('delete') ? (
            <Card className="flex flex-col gap-3 p-6">
              <h2 className="heading-3">Delete</h2>
              <p className="text-sm text-ink-muted">Removes the case study from the site and the admin for good.</p>
              <Button
                type="button"
                variant="ghost-danger"
                className="justify-start"
                disabled={!hydrated || editor.busy !== null}
                onClick={() => editor.confirm(confirmDelete)}
              >
                <Trash2 aria-hidden="true" />
                Delete case study
              </Button>
            </Card>
          ) : null}
        </>
      }
    >
      <CaseStudySections editor={editor} savedSlug={savedValues.slug} />
    </DocumentEditor>
  );
}

export const { loader, handle, Component, ErrorBoundary } = documentRoute(caseStudyKind, Editor);
