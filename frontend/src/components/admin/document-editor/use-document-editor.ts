import { useId, useRef, useState } from 'react';
import { revisionMessages, slugify, type RevisionSummary } from '@northbeam/common';
import { useUnsavedChangesGuard } from '@/components/admin/unsaved-changes-guard';
import { toast } from '@/components/ui/toast';
import { ApiRequestError, errorSentence } from '@/lib/api';
import { fieldErrorsOf } from '@/lib/field-errors';
import { forgetStaffUser } from '@/lib/staff';
import type { ConfirmationRequest } from './document-editor';

/** The field errors of a form, by field path (`title`, `metrics.0.label`). */
export type DocumentFieldErrors = Partial<Record<string, string>>;

/** What every document has: a title, and the slug of its address. */
export interface DocumentValues {
  title: string;
  slug: string;
}

export interface DocumentEditorOptions<Values> {
  /** What the form starts from: the saved document's fields, or an empty form. */
  initial: Values | (() => Values);
  /** Each change of the values, as it is made (a post keeps its unsaved text in the browser). */
  onChange?: (next: Values) => void;
  /** The server's field errors (`fieldErrorsOf`) under the fields this form shows (default: as named). */
  fieldErrors?: (fromServer: DocumentFieldErrors) => DocumentFieldErrors;
  /** The sentence of a failed request for the problem alert (default: `errorSentence`). */
  sentenceOf?: (error: unknown) => string;
  /**
   * Where a failure is told (default: its sentence in the problem alert above the form), for a screen
   * without that alert; `shown`: the field errors it put under the fields (none: empty).
   */
  onFailure?: (sentence: string, shown: DocumentFieldErrors) => void;
  /** Whether these values are unsaved changes that leaving asks about first (the browser's question, or "Leave without saving?"). */
  leaveGuard?: (values: Values) => boolean;
  /** What "Leave without saving?" says of the changes (default: those to a post). */
  leaveDescription?: string;
  /** The slug was chosen already (a saved document): it no longer follows the title (a document with a slug). */
  slugChosen?: boolean;
}

/**
 * The one form mechanism of a document editor (a post, a case study, a newsletter issue): the values and how they change,
 * the field errors (the form's own or the server's `fieldErrors`, the first one focused), the problem
 * alert, which action is under way, the confirmation asked, the revision open in the comparison, and
 * the leave guard. `DocumentEditor` draws what this holds; each kind of content brings its fields.
 */
export function useDocumentEditor<Values extends object, Busy extends string = string>(
  options: DocumentEditorOptions<Values>,
) {
  const [values, setValues] = useState<Values>(options.initial);
  const [errors, setErrors] = useState<DocumentFieldErrors>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState<Busy | null>(null);
  const [confirmation, setConfirmation] = useState<ConfirmationRequest | null>(null);
  const [selectedRevision, setSelectedRevision] = useState<RevisionSummary>();
  const [revisionsKey, setRevisionsKey] = useState(0);
  const guard = useUnsavedChangesGuard(options.leaveGuard?.(values) ?? false, options.leaveDescription);
  const id = useId();
  /** The control of a field, by the server's path for it (`cta.label` → `…-cta-label`). */
  const fieldId = (path: string) => `${id}-${path.replace(/\./g, '-')}`;

  const slugChosen = useRef(options.slugChosen ?? false);

  const update = (changes: Partial<Values> | ((current: Values) => Partial<Values>)) =>
    setValues((current) => {
      const next = { ...current, ...(typeof changes === 'function' ? changes(current) : changes) };
      options.onChange?.(next);
      return next;
    });

  /** A new document's slug follows its title until someone edits the slug by hand (a document with both). */
  const changeTitle = (title: string) =>
    update((slugChosen.current ? { title } : { title, slug: slugify(title) }) as unknown as Partial<Values>);
  const changeSlug = (slug: string) => {
    slugChosen.current = true;
    update({ slug } as unknown as Partial<Values>);
  };

  /** Shows these errors under their fields and focuses the first; answers whether there were any. */
  const showErrors = (found: DocumentFieldErrors): boolean => {
    setErrors(found);
    const first = Object.keys(found).find((path) => found[path]);
    if (first) document.getElementById(fieldId(first))?.focus();
    return first !== undefined;
  };

  /** The field was changed: its error goes (the others stay until the next attempt). */
  const clearError = (path: string) =>
    setErrors((current) => (current[path] ? { ...current, [path]: undefined } : current));

  /** A refused or failed request: its field errors under their fields, its sentence in the problem alert. */
  const fail = (error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 401) forgetStaffUser();
    setConfirmation(null);
    const fromServer = fieldErrorsOf(error) ?? {};
    const shown = options.fieldErrors ? options.fieldErrors(fromServer) : fromServer;
    showErrors(shown);
    const sentence = (options.sentenceOf ?? errorSentence)(error);
    if (options.onFailure) options.onFailure(sentence, shown);
    else setProblem(sentence);
  };

  /**
   * Runs an action (`kind` says which, for its button's "…ing"); a failure goes to `fail`. The action
   * answers 'leaving' when it navigates away: its button stays busy until the next screen.
   */
  const run = async (kind: Busy, work: () => Promise<'done' | 'leaving'>) => {
    setBusy(kind);
    try {
      if ((await work()) === 'leaving') return;
    } catch (error) {
      fail(error);
    }
    setBusy(null);
  };

  /** A save or a restore happened: the form's errors and problem go, the revision list reloads. */
  const settled = () => {
    setErrors({});
    setProblem(undefined);
    setRevisionsKey((key) => key + 1);
  };

  /** A restored revision is the saved document now; `title` goes in the toast. */
  const revisionRestored = (title: string) => {
    setSelectedRevision(undefined);
    setRevisionsKey((key) => key + 1);
    toast({ title: revisionMessages.restored, description: title });
  };

  return {
    values,
    setValues,
    update,
    changeTitle,
    changeSlug,
    keepSlug: () => {
      slugChosen.current = true;
    },
    errors,
    showErrors,
    clearError,
    problem,
    setProblem,
    fail,
    busy,
    run,
    settled,
    confirmation,
    confirm: setConfirmation,
    selectedRevision,
    selectRevision: setSelectedRevision,
    revisionsKey,
    revisionRestored,
    guard,
    fieldId,
  };
}

export type DocumentEditorState<Values extends object = DocumentValues, Busy extends string = string> = ReturnType<
  typeof useDocumentEditor<Values, Busy>
>;
