import type { ComponentType } from 'react';
import { useLoaderData } from '@/app/data-router';
import { DocumentLoadError, DocumentRefusal } from './document-load-error';
import {
  documentHandle,
  documentLoader,
  type DocumentData,
  type DocumentKind,
  type LoadedDocument,
  type SavedDocument,
} from './document-kind';

/**
 * The route module of a kind of document: its loader (`documentLoader`), its head, the server's refusal
 * in place of the editor, and the kind's editor, fresh for each document (another document, or a new
 * one, is another editor: nothing typed carries over). `ErrorBoundary`: the kind's error page, if it has one.
 */
export function documentRoute<Doc extends SavedDocument, Values extends object, Extra, Status>(
  kind: DocumentKind<Doc, Values, Extra, Status>,
  Editor: ComponentType<LoadedDocument<Doc, Extra>>,
) {
  function Component() {
    const data = useLoaderData<DocumentData<Doc, Extra>>();
    if (data.refusal !== undefined) return <DocumentRefusal refusal={data.refusal} back={kind.back} />;
    return <Editor key={data.document?.id ?? 'new'} {...data} />;
  }
  const loadError = kind.loadError;
  function ErrorBoundary() {
    return loadError ? <DocumentLoadError {...loadError} /> : null;
  }
  return {
    loader: documentLoader(kind),
    handle: documentHandle(kind),
    Component,
    ErrorBoundary: loadError ? ErrorBoundary : undefined,
  };
}
