import { ExternalLink, EyeOff, Save, Send, Trash2 } from '@/components/ui/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import {
  caseStudyActions,
  caseStudyStatusLabels,
  type CaseStudyAction,
  messages,
  revisionMessages,
  site,
  type AdminCaseStudy,
  type CaseStudyStatus,
  type SaveCaseStudyRequest,
  type StaffUser,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { DocumentEditor } from '@/components/admin/document-editor/document-editor';
import { DocumentLoadError, DocumentRefusal } from '@/components/admin/document-editor/document-load-error';
import { loadDocument } from '@/components/admin/document-editor/load-document';
import { useDocumentEditor } from '@/components/admin/document-editor/use-document-editor';
import { refusedAsSentence } from '@/components/admin/list-loader';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { useHydrated } from '@/hooks/use-hydrated';
import { apiRequest, loadJson, requestJson } from '@/lib/api';
import { requireStaffUser, signInAgain } from '@/lib/staff';
import { emptyCaseStudyForm, formFromCaseStudy, payloadFromForm, sameCaseStudyValues } from './case-study-form';
import type { CaseStudyBusy } from './case-study-lists';
import { caseStudyRevisionFields } from './case-study-revision-fields';
import { CaseStudySections } from './case-study-sections';

interface EditorData {
  user: StaffUser;
  caseStudy: AdminCaseStudy | null;
  /** The server's refusal (a consultant), shown instead of the editor. */
  refusal?: string;
}

const back = { to: '/admin/case-studies', label: 'All case studies' };

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
  const id = params.id;
  if (!id) return { user, caseStudy: null };
  return loadDocument(async () => {
    const { value: caseStudy, refusal } = await refusedAsSentence(
      loadJson<AdminCaseStudy>(context, `/api/admin/case-studies/${encodeURIComponent(id)}`),
      [403],
    );
    if (refusal) return { user, caseStudy: null, refusal };
    if (!caseStudy) signInAgain(request);
    return { user, caseStudy };
  });
}

export function Component() {
  const { user, caseStudy, refusal } = useLoaderData<typeof loader>();
  if (refusal) return <DocumentRefusal refusal={refusal} back={back} />;
  // A fresh editor per case study: the form starts again from what the server holds.
  return <Editor key={caseStudy?.id ?? 'new'} loaded={caseStudy} newActions={caseStudyActions(null, user)} />;
}

const confirmDeleteOf = (title: string, remove: () => void) => ({
  title: 'Delete case study',
  description: `Are you sure you want to delete "${title}"? It leaves the site at once and cannot be undone.`,
  confirmLabel: 'Delete Case Study',
  busyLabel: 'Deleting...',
  onConfirm: remove,
});

/** `newActions`: what the server would allow on a new case study (`caseStudyActions`), before it is saved. */
function Editor({ loaded, newActions }: { loaded: AdminCaseStudy | null; newActions: CaseStudyAction[] }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [saved, setSaved] = useState<AdminCaseStudy | null>(loaded);
  // Publish, unpublish and delete only where the server's actions hold them.
  const may = (action: CaseStudyAction) => (saved?.actions ?? newActions).includes(action);
  const [savedValues, setSavedValues] = useState(() => (loaded ? formFromCaseStudy(loaded) : emptyCaseStudyForm));
  const editor = useDocumentEditor<typeof savedValues, CaseStudyBusy>({
    initial: savedValues,
    slugChosen: Boolean(loaded),
  });
  const { values } = editor;
  const dirty = !sameCaseStudyValues(values, savedValues);
  const status: CaseStudyStatus | null = saved?.status ?? null;

  /**
   * Saves the form with the chosen status (the status travels with the save, as for posts): a new
   * case study is created with it; a saved one is sent when the form changed or the status does.
   * Answers what the server holds.
   */
  const saveForm = async (status: CaseStudyStatus, fields = values): Promise<AdminCaseStudy> => {
    const body = { ...payloadFromForm(fields), status } satisfies SaveCaseStudyRequest;
    if (!saved) return requestJson<AdminCaseStudy>('POST', '/api/admin/case-studies', body);
    if (!dirty && status === saved.status) return saved;
    return requestJson<AdminCaseStudy>('PUT', `/api/admin/case-studies/${saved.id}`, body);
  };

  /** What the server holds now is what the form shows; a save keeps a revision, which the list shows. */
  const settle = (result: AdminCaseStudy) => {
    editor.settled();
    if (!saved) {
      // A new case study gets its own address; the editor there starts from the saved row.
      void navigate(`/admin/case-studies/${result.id}`, { replace: true });
      return;
    }
    setSaved(result);
    const fresh = formFromCaseStudy(result);
    setSavedValues(fresh);
    editor.setValues(fresh);
  };

  const act = (kind: CaseStudyBusy, work: () => Promise<AdminCaseStudy>, done: string) =>
    editor.run(kind, async () => {
      const result = await work();
      toast({ title: done, description: result.title });
      settle(result);
      return 'done';
    });

  // "Save changes" keeps the status; a new case study is saved as a draft.
  const save = () => act('save', () => saveForm(saved?.status ?? 'draft'), saved ? 'Changes saved' : 'Draft saved');
  const publish = () => act('publish', () => saveForm('published'), 'Case study published');
  const confirmUnpublish = {
    title: 'Unpublish case study',
    description: 'This will take the case study off the site. Continue?',
    confirmLabel: 'Unpublish',
    destructive: false,
    onConfirm: () => {
      editor.confirm(null);
      // Only the status changes: the last saved fields go with it, and unsaved edits stay in the form.
      void act('unpublish', () => saveForm('draft', savedValues), 'Case study unpublished');
    },
  };
  const confirmDelete = confirmDeleteOf(saved?.title ?? '', () => {
    if (!saved) return;
    void editor.run('delete', async () => {
      await apiRequest('DELETE', `/api/admin/case-studies/${saved.id}`);
      toast({ title: 'Case study deleted', description: saved.title });
      void navigate('/admin/case-studies', { replace: true });
      return 'leaving';
    });
  });

  return (
    <DocumentEditor<AdminCaseStudy>
      editor={editor}
      back={back}
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
      revisions={
        saved
          ? {
              documentUrl: `/api/admin/case-studies/${encodeURIComponent(saved.id)}`,
              fields: caseStudyRevisionFields,
              current: { ...payloadFromForm(values) },
              confirmText:
                saved.status === 'published'
                  ? revisionMessages.caseStudyRestoreConfirmLive
                  : revisionMessages.caseStudyRestoreConfirmDraft,
              onRestored: (restored: AdminCaseStudy) => {
                editor.revisionRestored(restored.title);
                settle(restored);
              },
            }
          : null
      }
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
                className={buttonVariants({ variant: 'link', size: 'inline', className: 'justify-start gap-1.5' })}
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

export function ErrorBoundary() {
  return (
    <DocumentLoadError
      notFoundTitle={messages.caseStudyNotFound}
      failedTitle="The case study could not be loaded"
      back={{ to: '/admin/case-studies', label: 'Back to all case studies' }}
    />
  );
}
