import { AlertTriangle } from '@/components/ui/icons';
import { DocumentReadOnly } from './read-only';
import type { FormEvent, ReactNode } from 'react';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { BackLink } from '@/components/admin/back-link';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { RevisionDiff, type ComparedField } from '@/components/admin/revision-diff';
import { RevisionsPanel } from '@/components/admin/revisions-panel';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { cn } from '@/lib/cn';
import type { BackTo } from './document-kind';
import type { DocumentEditorState } from './use-document-editor';

/** A question asked before an action (unpublish, delete): the one confirmation of the editor. */
export interface ConfirmationRequest {
  title: string;
  description: string;
  confirmLabel: string;
  /** The action's label while it runs (default: `confirmLabel`). */
  busyLabel?: string;
  destructive?: boolean;
  onConfirm: () => void;
  confirmTestId?: string;
}

/** The one confirmation of a document's screen: the question asked (null: none), Cancel and the action. */
export function DocumentConfirmation({
  confirmation,
  busy,
  onClose,
}: {
  confirmation: ConfirmationRequest | null;
  busy: boolean;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={confirmation !== null}
      busy={busy}
      onClose={onClose}
      title={confirmation?.title ?? ''}
      description={confirmation?.description ?? ''}
      confirmLabel={confirmation?.confirmLabel ?? ''}
      busyLabel={confirmation?.busyLabel}
      destructive={confirmation?.destructive}
      onConfirm={() => confirmation?.onConfirm()}
      confirmTestId={confirmation?.confirmTestId}
    />
  );
}

/** A document screen's heading (the admin's one page header): its kind, its title, a sentence, and its status badges. */
export function DocumentHeader({
  eyebrow,
  title,
  description,
  badges,
  leading,
}: {
  eyebrow: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  badges?: ReactNode;
  /** Before the title (a team member's photo). */
  leading?: ReactNode;
}) {
  return (
    <div className="mt-4 mb-8">
      <AdminPageHeader eyebrow={eyebrow} title={title} description={description} actions={badges} leading={leading} />
    </div>
  );
}

/** The revisions of a saved document: the list in the side column, the open one compared above the form. */
export interface DocumentRevisions<Saved> {
  /** The document's admin address, `/api/admin/{posts|case-studies}/{id}`. */
  documentUrl: string;
  fields: ComparedField[];
  /** The editor's fields, as a revision holds them. */
  current: Record<string, unknown>;
  /** The question before a restore (it differs for a live document). */
  confirmText: string;
  /** The restored document, saved: the form shows it now. */
  onRestored: (saved: Saved) => void;
}

const gridColumns = {
  narrow: 'lg:grid-cols-[minmax(0,1fr)_20rem]',
  wide: 'lg:grid-cols-[minmax(0,1fr)_22rem]',
};

/** What the view reads of a document's state (`useDocument`). */
export interface EditedDocument<Saved> {
  kind: { back: BackTo };
  editor: Pick<
    DocumentEditorState,
    | 'problem'
    | 'busy'
    | 'confirmation'
    | 'confirm'
    | 'selectedRevision'
    | 'selectRevision'
    | 'revisionsKey'
    | 'guard'
    | 'bindForm'
  >;
  /** Null: no revisions (a new document, a kind without them, or one the user may not change). */
  revisions: DocumentRevisions<Saved> | null;
}

/**
 * The one edit view of every kind of document (a post, a case study, a newsletter issue, a team member):
 * the way back, the header with the document's status badges, the read-only notice, the comparison with
 * a revision, the form (one fieldset disables it all for a reader, what was typed before hydration is
 * kept), the problem alert above the content's sections, the side column (the content's actions, its
 * revisions, its other fields) and the confirmation and leave dialogs. The state is `useDocument`'s;
 * each kind gives its sections and actions. `layout`: two columns (the sections, and the side column),
 * or one (a newsletter issue: `before` and `after` the form, outside it).
 */
export function DocumentEditor<Saved>({
  document,
  eyebrow,
  title,
  description,
  leading,
  badges,
  notice,
  readOnly = false,
  side = 'narrow',
  layout = 'columns',
  onSubmit,
  alerts,
  problemTitle = 'Not saved',
  problemDetail,
  onRestored,
  actions,
  sidebar,
  before,
  after,
  children,
}: {
  document: EditedDocument<Saved>;
  eyebrow: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Before the title (a team member's photo). */
  leading?: ReactNode;
  /** The document's status, unsaved changes. */
  badges?: ReactNode;
  /** Above everything else: why the document is read-only. */
  notice?: ReactNode;
  readOnly?: boolean;
  side?: keyof typeof gridColumns;
  layout?: 'columns' | 'single';
  onSubmit: () => void;
  /** Notices above the problem alert (an autosave to restore, text kept in the browser). */
  alerts?: ReactNode;
  /** The problem alert's title, "The post was not saved". */
  problemTitle?: string;
  /** What follows the problem's sentence, when it says more (a session that ended). */
  problemDetail?: ReactNode;
  /** After a restored revision is the saved document (what the kind kept beside it goes). */
  onRestored?: (saved: Saved) => void;
  /** The first cards of the side column: publishing and the document's other actions. */
  actions?: ReactNode;
  /** The side column's cards after the revisions. */
  sidebar?: ReactNode;
  /** One column: between the header and the form (outside it). */
  before?: ReactNode;
  /** One column: after the form (outside it). */
  after?: ReactNode;
  /** The content's sections. */
  children: ReactNode;
}) {
  const { editor, revisions, kind } = document;
  const { selectedRevision, confirmation, bindForm } = editor;
  const problem = editor.problem ? (
    <Alert variant="destructive" data-testid="save-error">
      <AlertTriangle className="size-4" aria-hidden="true" />
      <div>
        <AlertTitle>{problemTitle}</AlertTitle>
        <AlertDescription>
          {editor.problem}
          {problemDetail}
        </AlertDescription>
      </div>
    </Alert>
  ) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <>
      <section className={cn('container-page', layout === 'single' ? 'pt-10 pb-16 sm:pt-14' : 'py-10 sm:py-14')}>
        <BackLink to={kind.back.to}>{kind.back.label}</BackLink>
        <DocumentHeader eyebrow={eyebrow} title={title} description={description} badges={badges} leading={leading} />
        {notice}

        {revisions && selectedRevision ? (
          <div className="mb-8">
            <RevisionDiff<Saved>
              revisionUrl={`${revisions.documentUrl}/revisions/${encodeURIComponent(selectedRevision.id)}`}
              revisionId={selectedRevision.id}
              fields={revisions.fields}
              current={revisions.current}
              confirmText={revisions.confirmText}
              onClose={() => editor.selectRevision(undefined)}
              onRestored={(saved) => {
                revisions.onRestored(saved);
                onRestored?.(saved);
              }}
            />
          </div>
        ) : null}

        {layout === 'single' ? (
          <>
            {before}
            <form ref={bindForm} noValidate onSubmit={submit} className="flex flex-col gap-6">
              <DocumentReadOnly.Provider value={readOnly}>
                <fieldset disabled={readOnly} className="contents">
                  {alerts}
                  {problem}
                  {children}
                </fieldset>
              </DocumentReadOnly.Provider>
            </form>
            {after}
          </>
        ) : (
          <form
            ref={bindForm}
            noValidate
            onSubmit={submit}
            className={cn('grid gap-8 lg:grid-rows-[auto_1fr]', gridColumns[side])}
          >
            {/*
              A read-only document: every field and button of the form is disabled by the one fieldset.
              The actions come first: on a phone the publishing card is above the content, not after the
              whole form; on a wide screen the grid puts them at the top of the side column, with the
              revisions and the other fields below them. Tab order follows, as in Ghost's and WordPress's
              editors, whose publish button also comes before the content. Nothing in the side column is
              sticky: a sticky card slides over the cards below it, and a focused button can hide behind it.
              A kind without actions there (a team member) has its side column after the content.
            */}
            <DocumentReadOnly.Provider value={readOnly}>
              <fieldset disabled={readOnly} className="contents">
                {actions ? (
                  <div
                    className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-start-1"
                    data-testid="document-actions"
                  >
                    {actions}
                  </div>
                ) : null}
                <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
                  {alerts}
                  {problem}
                  {children}
                </div>

                <aside
                  className={cn(
                    'flex min-w-0 flex-col gap-6 lg:col-start-2 lg:self-start',
                    actions ? 'lg:row-start-2' : 'lg:row-span-2 lg:row-start-1',
                  )}
                >
                  {revisions ? (
                    <RevisionsPanel
                      revisionsUrl={`${revisions.documentUrl}/revisions`}
                      refreshKey={editor.revisionsKey}
                      selectedId={selectedRevision?.id}
                      onSelect={(revision) => {
                        editor.selectRevision(revision);
                        window.scrollTo({ top: 0 });
                      }}
                    />
                  ) : null}
                  {sidebar}
                </aside>
              </fieldset>
            </DocumentReadOnly.Provider>
          </form>
        )}
      </section>
      {editor.guard.dialog}
      <DocumentConfirmation
        confirmation={confirmation}
        busy={editor.busy !== null}
        onClose={() => editor.confirm(null)}
      />
    </>
  );
}
