import type { StaffUser } from '@northbeam/common';
import type { LoaderFunctionArgs, LoaderRequest } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import type { ComparedField } from '@/components/admin/revision-diff';
import { refusedAsSentence } from '@/components/admin/list-loader';
import type { FailureOptions, FormFieldErrors } from '@/components/ui/use-form';
import { loadJson } from '@/lib/api';
import { requireStaffUser, signInAgain } from '@/lib/staff';
import { loadDocument } from './load-document';

/** What every saved document is: its id, what the server allows the caller on it, and (most kinds) its status. */
export interface SavedDocument {
  id: string;
  actions: readonly string[];
  status?: string;
}

/** A way back to a list (the back link, the error page's button). */
export interface BackTo {
  to: string;
  label: string;
}

/**
 * One kind of document (a post, a case study, a newsletter issue, a team member): what the one edit view
 * (`useDocument` + `DocumentEditor`) needs to load, show, check and save it. The view owns the rest:
 * the load and its refusal, the form, create or update (with the status, when the kind has one), what
 * happens after a save, the revisions, the autosave and the leave guard. Each route gives its kind and
 * draws its own sections.
 */
export interface DocumentKind<Doc extends SavedDocument, Values extends object, Extra = undefined, Status = string> {
  /** The collection on the API: `/api/admin/posts`; a document is `{api}/{id}`. */
  api: string;
  /** The document's own screen: where a new one goes once created (`afterSave: 'stay'`). */
  editPath: (id: string) => string;
  /** The back link above the editor. */
  back: BackTo;
  /** After a save, back to the list (a post) or on the document's screen (the others). */
  afterSave: 'list' | 'stay';
  /** The page's title and description. */
  head: (document: Doc | null) => { title: string; description: string };
  /** The statuses of a refused read that the screen shows as the server's sentence (the others: the error page). */
  refusals?: readonly number[];
  /** A sentence shown in place of the editor before anything is read (the caller may not open it). */
  refuse?: (user: StaffUser, id: string | null) => string | undefined;
  /** What the editor needs beside the document (an author list, the audiences), read with it. */
  loadExtra?: (from: {
    context: unknown;
    request: LoaderRequest;
    id: string | null;
    user: StaffUser;
  }) => Promise<Extra>;
  /** The error page of a document that could not be read (none: the admin's own). */
  loadError?: { notFoundTitle: string; failedTitle: string; back: BackTo };
  /** The form of a new document. */
  empty: (from: { user: StaffUser; extra: Extra }) => Values;
  /** The form of a saved one. */
  toForm: (document: Doc) => Values;
  /** The body of a save; `status`: the one the save asks for (kinds with a status). */
  toPayload: (values: Values, status?: Status) => object;
  /** Whether two forms would save the same document (unsaved changes, the leave guard). */
  same: (a: Values, b: Values) => boolean;
  /** The browser's checks before a save (the server makes them again). */
  validate?: (values: Values) => FormFieldErrors;
  /** The problem sentence when those checks fail (none: only the field errors). */
  invalidProblem?: string;
  /** How a refused save is told (default: the field errors and the problem alert). */
  failure?: FailureOptions;
  /** What the server would allow on a new document (record-actions), before it is saved. */
  newActions: (user: StaffUser) => readonly string[];
  /** The document's name in a toast: its title. */
  nameOf: (document: Doc) => string;
  /** The field the slug follows until it is edited by hand (default `title`). */
  slugFollows?: keyof Values & string;
  /** A save of an unchanged form with the same status sends nothing (the saved document is the answer). */
  skipUnchanged?: boolean;
  /** After a save on the document's screen, the loader reads it again (what the screen shows beside the form). */
  reloadAfterSave?: boolean;
  /** The kind keeps revisions: the fields compared, the form as a revision holds it, the question before a restore (of a published document, of a draft). */
  revisions?: {
    fields: ComparedField[];
    current: (values: Values) => object;
    confirmText: { live: string; draft: string };
  };
  /** The kind keeps an autosave on the server (`{api}/{id}/autosave`): its fields from the form. */
  autosave?: (values: Values) => object;
  /** Leaving with unsaved changes asks first; `description` says what would be lost. */
  leaveGuard?: { description?: string; when?: (may: (action: string) => boolean) => boolean };
}

/** What a document screen's loader gives: the document (null: a new one) with its extra, or the server's refusal. */
export type DocumentData<Doc, Extra> =
  | { user: StaffUser; document: Doc | null; extra: Extra; refusal?: undefined }
  | { user: StaffUser; document: null; extra?: undefined; refusal: string };

/** The loaded editor's data (no refusal). */
export type LoadedDocument<Doc, Extra> = Extract<DocumentData<Doc, Extra>, { refusal?: undefined }>;

/**
 * The route loader of a kind: the signed-in user, then the document (`:id`, none for a new one) and the
 * kind's extra, read together. A refusal the kind names becomes the sentence shown instead of the editor,
 * any other failure the page's status (404, 500); a session that ended goes to the sign-in page.
 */
export function documentLoader<Doc extends SavedDocument, Values extends object, Extra, Status>(
  kind: DocumentKind<Doc, Values, Extra, Status>,
) {
  return async ({ context, request, params }: LoaderFunctionArgs): Promise<DocumentData<Doc, Extra>> => {
    const user = await requireStaffUser(context, request);
    const id = params.id ?? null;
    const refusal = kind.refuse?.(user, id);
    if (refusal) return { user, document: null, refusal };
    return loadDocument(async () => {
      const [read, extra] = await Promise.all([
        id
          ? refusedAsSentence(loadJson<Doc>(context, `${kind.api}/${encodeURIComponent(id)}`), kind.refusals ?? [])
          : Promise.resolve({ value: null, refusal: undefined }),
        kind.loadExtra ? kind.loadExtra({ context, request, id, user }) : Promise.resolve(undefined as Extra),
      ]);
      if (read.refusal !== undefined) return { user, document: null, refusal: read.refusal };
      // No document and no refusal: the API answered 401.
      if (id && !read.value) signInAgain(request);
      return { user, document: read.value, extra };
    });
  };
}

/** The route handle of a kind: the page's title and description, never indexed. */
export function documentHandle<Doc extends SavedDocument, Values extends object, Extra, Status>(
  kind: DocumentKind<Doc, Values, Extra, Status>,
): RouteHandle<DocumentData<Doc, Extra> | undefined> {
  return { head: ({ data }) => ({ ...kind.head(data?.document ?? null), noindex: true }) };
}
