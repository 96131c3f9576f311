import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAutosave } from '@/components/admin/use-autosave';
import { toast, type ToastInput } from '@/components/ui/toast';
import type { FailureOptions } from '@/components/ui/use-form';
import { useRevalidator } from '@/app/data-router';
import { useHydrated } from '@/hooks/use-hydrated';
import { apiRequest, requestJson } from '@/lib/api';
import type { DocumentRevisions } from './document-editor';
import type { DocumentKind, LoadedDocument, SavedDocument } from './document-kind';
import { useDocumentEditor } from './use-document-editor';

export interface UseDocumentOptions<Values> {
  /** Each change of the form, as it is made, with the saved document's form (a post keeps its unsaved text in the browser). */
  onChange?: (next: Values, saved: Values) => void;
  /** How a refused save is told, when the screen says it its own way (default: the kind's). */
  failure?: FailureOptions;
}

/** A save: the status it asks for, the fields it sends (default: the form's), what the toast says. */
export interface SaveRequest<Doc, Values, Status> {
  status?: Status;
  fields?: Values;
  /** Sent beside the fields (a post's publication date). */
  extra?: object;
  /** The toast of the saved document (`values`: the form saved). */
  toast: (saved: Doc, values: Values) => ToastInput;
  /** Once saved, before the toast (a post's text kept in the browser goes). */
  after?: () => void;
}

/**
 * The one edit view's state of a document of any kind: the form (`useDocumentEditor`), the document as
 * the server holds it, what the server allows on it, and the view's jobs: create or update with the
 * status, what happens after (back to the list, or the saved document in the form), delete, a revision
 * restored, the autosave, and leaving on purpose past the leave guard. `data`: the route loader's.
 */
export function useDocument<
  Doc extends SavedDocument,
  Values extends object,
  Extra,
  Status extends string = string,
  Busy extends string = string,
>(
  kind: DocumentKind<Doc, Values, Extra, Status>,
  data: LoadedDocument<Doc, Extra>,
  options: UseDocumentOptions<Values> = {},
) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const { user, extra } = data;
  const [saved, setSaved] = useState<Doc | null>(data.document);
  // The loader read the document again (a screen that reloads, a newsletter issue being sent): it is what the server holds.
  const [readFrom, setReadFrom] = useState(data.document);
  if (readFrom !== data.document) {
    setReadFrom(data.document);
    setSaved(data.document);
  }
  const savedValues = useMemo(
    () => (saved ? kind.toForm(saved) : kind.empty({ user, extra })),
    // A new document's empty form is made once: only another saved document changes it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [saved],
  );
  const allowed = saved?.actions ?? kind.newActions(user);
  const may = (action: string) => allowed.includes(action);
  const guarded = kind.leaveGuard !== undefined && (kind.leaveGuard.when?.(may) ?? true);

  const editor = useDocumentEditor<Values, Busy>({
    initial: savedValues,
    slugChosen: saved !== null,
    slugFollows: kind.slugFollows,
    onChange: options.onChange && ((next) => options.onChange?.(next, savedValues)),
    ...(options.failure ?? kind.failure),
    leaveGuard: guarded ? (values) => !kind.same(values, savedValues) : undefined,
    leaveDescription: kind.leaveGuard?.description,
  });
  const { values } = editor;
  const dirty = !kind.same(values, savedValues);
  const documentUrl = saved ? `${kind.api}/${encodeURIComponent(saved.id)}` : null;
  const autosave = useAutosave(
    kind.autosave && documentUrl && may('edit') ? `${documentUrl}/autosave` : null,
    kind.autosave?.(values) ?? {},
    kind.autosave?.(savedValues) ?? {},
  );

  /** Leaves for another screen on purpose (saved, deleted, replaced): nothing is asked. */
  const leave = async (to: string, replace = false) => {
    editor.guard.release();
    await navigate(to, { replace });
    return 'leaving' as const;
  };

  /** The saved document is this one now: the form shows it, its errors and problem go, its revisions reload. */
  const settle = (document: Doc) => {
    const fresh = kind.toForm(document);
    setSaved(document);
    editor.settled();
    editor.setValues(fresh);
  };

  /**
   * Writes the form (`fields`, default the form's) with `status`: a new document is created, a saved one
   * updated (or, for a kind that skips them, left alone when nothing would change). A saved document
   * then shows what the server answered; a new one is the caller's to open. A refusal throws.
   */
  const write = async (status?: Status, fields: Values = values, extra?: object): Promise<Doc> => {
    const body = { ...kind.toPayload(fields, status), ...extra };
    if (!saved) return requestJson<Doc>('POST', kind.api, body);
    if (kind.skipUnchanged && kind.same(fields, savedValues) && (status === undefined || status === saved.status))
      return saved;
    const answer = await requestJson<Doc>('PUT', `${kind.api}/${encodeURIComponent(saved.id)}`, body);
    if (kind.afterSave === 'stay') settle(answer);
    return answer;
  };

  /**
   * The save of the form (`busy` names the button that says "…ing"): the kind's checks, the write, the
   * toast, then the list (a post) or the saved document (a new one at its own address).
   */
  const save = async (busy: Busy, request: SaveRequest<Doc, Values, Status>) => {
    const fields = request.fields ?? values;
    const problems = kind.validate?.(fields) ?? {};
    const invalid = editor.showErrors(problems);
    editor.setProblem(invalid ? kind.invalidProblem : undefined);
    if (invalid) return;
    await editor.run(busy, async () => {
      // The save ends the autosave on the server: nothing pending may land after it.
      autosave.cancel();
      const created = saved === null;
      const answer = await write(request.status, fields, request.extra);
      request.after?.();
      toast(request.toast(answer, fields));
      if (kind.afterSave === 'list') return leave(kind.back.to);
      if (created) return leave(kind.editPath(answer.id), true);
      if (kind.reloadAfterSave) await revalidator.revalidate();
      return 'done';
    });
  };

  /** Deletes the saved document and goes to `to` (its list). */
  const remove = (busy: Busy, done: ToastInput, to: string) =>
    editor.run(busy, async () => {
      if (!saved) return 'done';
      await apiRequest('DELETE', `${kind.api}/${encodeURIComponent(saved.id)}`);
      toast(done);
      return leave(to, true);
    });

  /** A restored revision is the saved document now. */
  const restored = (document: Doc) => {
    autosave.cancel();
    settle(document);
    editor.revisionRestored(kind.nameOf(document));
  };

  const revisions: DocumentRevisions<Doc> | null =
    kind.revisions && saved && documentUrl && may('edit')
      ? {
          documentUrl,
          fields: kind.revisions.fields,
          current: { ...kind.revisions.current(values) },
          // A live document's restore says so (it changes the page at once).
          confirmText:
            saved.status === 'published' ? kind.revisions.confirmText.live : kind.revisions.confirmText.draft,
          onRestored: restored,
        }
      : null;

  return {
    kind,
    user,
    extra,
    editor,
    saved,
    savedValues,
    dirty,
    may,
    hydrated,
    autosave,
    revisions,
    leave,
    /** Reads the document again (the loader's), after an action that changed it elsewhere. */
    reload: revalidator.revalidate,
    write,
    save,
    remove,
  };
}
