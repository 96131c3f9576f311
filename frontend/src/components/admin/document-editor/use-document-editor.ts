import { useRef, useState } from 'react';
import { revisionMessages, slugify, type RevisionSummary } from '@northbeam/common';
import { useUnsavedChangesGuard } from '@/components/admin/unsaved-changes-guard';
import { toast } from '@/components/ui/toast';
import { useForm, type FailureOptions, type FormFieldErrors, type FormOptions } from '@/components/ui/use-form';
import { ApiRequestError } from '@/lib/api';
import { forgetStaffUser } from '@/lib/staff';
import type { ConfirmationRequest } from './document-editor';

/** The field errors of a form, by field path (`title`, `metrics.0.label`). */
export type DocumentFieldErrors = FormFieldErrors;

/** What every document has: a title, and the slug of its address. */
export interface DocumentValues {
  title: string;
  slug: string;
}

export interface DocumentEditorOptions<Values> extends FormOptions<Values>, FailureOptions {
  /** Whether these values are unsaved changes that leaving asks about first (the browser's question, or "Leave without saving?"). */
  leaveGuard?: (values: Values) => boolean;
  /** What "Leave without saving?" says of the changes (default: those to a post). */
  leaveDescription?: string;
  /** The slug was chosen already (a saved document): it no longer follows the title (a document with a slug). */
  slugChosen?: boolean;
  /** The field the slug follows (default `title`; a team member's `name`). */
  slugFollows?: string;
}

/**
 * A document editor's form (a post, a case study, a newsletter issue): the one form mechanism
 * (`useForm`: values, field errors, problem, the action under way) with what documents add: the slug
 * that follows the title, the confirmation asked, the revision open in the comparison, and the leave
 * guard. `DocumentEditor` draws what this holds; each kind of content brings its fields.
 */
export function useDocumentEditor<Values extends object, Busy extends string = string>(
  options: DocumentEditorOptions<Values>,
) {
  const form = useForm<Values, Busy>({ initial: options.initial, onChange: options.onChange });
  const [confirmation, setConfirmation] = useState<ConfirmationRequest | null>(null);
  const [selectedRevision, setSelectedRevision] = useState<RevisionSummary>();
  const [revisionsKey, setRevisionsKey] = useState(0);
  const guard = useUnsavedChangesGuard(options.leaveGuard?.(form.values) ?? false, options.leaveDescription);

  const slugChosen = useRef(options.slugChosen ?? false);
  const { update } = form;

  const slugFollows = options.slugFollows ?? 'title';
  /** A new document's slug follows its title (or name) until someone edits the slug by hand (a document with both). */
  const changeTitle = (title: string) =>
    update(
      (slugChosen.current
        ? { [slugFollows]: title }
        : { [slugFollows]: title, slug: slugify(title) }) as unknown as Partial<Values>,
    );
  const changeSlug = (slug: string) => {
    slugChosen.current = true;
    update({ slug } as unknown as Partial<Values>);
  };

  /** A refused or failed request: its field errors under their fields, its sentence in the problem alert. */
  const fail = (error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 401) forgetStaffUser();
    setConfirmation(null);
    form.fail(error, options);
  };

  /** A save or a restore happened: the form's errors and problem go, the revision list reloads. */
  const settled = () => {
    form.showErrors({});
    form.setProblem(undefined);
    setRevisionsKey((key) => key + 1);
  };

  /** A restored revision is the saved document now; `title` goes in the toast. */
  const revisionRestored = (title: string) => {
    setSelectedRevision(undefined);
    setRevisionsKey((key) => key + 1);
    toast({ title: revisionMessages.restored, description: title });
  };

  return {
    ...form,
    changeTitle,
    changeSlug,
    keepSlug: () => {
      slugChosen.current = true;
    },
    fail,
    /** Runs an action (`kind` says which, for its button's "…ing"); a failure goes to `fail`. */
    run: (kind: Busy, work: () => Promise<'done' | 'leaving'>) => form.run(kind, work, fail),
    settled,
    confirmation,
    confirm: setConfirmation,
    selectedRevision,
    selectRevision: setSelectedRevision,
    revisionsKey,
    revisionRestored,
    guard,
  };
}

export type DocumentEditorState<Values extends object = DocumentValues, Busy extends string = string> = ReturnType<
  typeof useDocumentEditor<Values, Busy>
>;
