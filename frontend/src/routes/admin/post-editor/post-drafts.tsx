import { History } from '@/components/ui/icons';
import { useEffect, useState } from 'react';
import { slugify, type AdminPost, type PostAutosaveResponse } from '@northbeam/common';
import { AutosaveOffer } from '@/components/admin/autosave-offer';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { apiRequest } from '@/lib/api';
import {
  clearStoredDraft,
  formFromAutosave,
  formFromPost,
  readStoredDraft,
  sameContent,
  sameValues,
  writeStoredDraft,
  type PostFormValues,
} from './post-form';
import type { PostEditor } from './post-side';

type ServerAutosave = PostAutosaveResponse['autosave'];

/** The autosave worth offering: newer than the saved post and not the same text. */
function autosaveToOffer(post: AdminPost | null, autosave: ServerAutosave) {
  if (!post || !autosave || Date.parse(autosave.savedAt) <= Date.parse(post.updatedAt)) return null;
  return sameContent(formFromAutosave(autosave.fields, post.status, post.featureImage ?? null), formFromPost(post))
    ? null
    : autosave;
}

/**
 * A post's unsaved text kept elsewhere (docs/product.md#revisions): the caller's autosave on the server,
 * offered when newer than the post, and the text kept in this browser, restored when the editor opens
 * (a lost session or a closed tab loses nothing). `alerts` says which was brought back.
 */
export function usePostDrafts({
  editor,
  post,
  loadedAutosave,
  mayEdit,
  initial,
  storageKey,
}: {
  editor: PostEditor;
  post: AdminPost | null;
  loadedAutosave: ServerAutosave;
  mayEdit: boolean;
  initial: PostFormValues;
  storageKey: string;
}) {
  const [offer, setOffer] = useState(() => (mayEdit ? autosaveToOffer(post, loadedAutosave) : null));
  const [restored, setRestored] = useState(false);
  const { values, setValues, keepSlug } = editor;

  useEffect(() => {
    const stored = mayEdit ? readStoredDraft(storageKey) : null;
    // The same text as the server's autosave: the offer brings it back.
    const offered =
      stored && offer ? sameContent(stored, formFromAutosave(offer.fields, stored.status, stored.featureImage)) : false;
    if (stored && !sameValues(stored, initial) && !offered) {
      setValues(stored);
      if (stored.slug !== slugify(stored.title)) keepSlug();
      // This browser's storage is known only after hydration, so an effect sets it.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setRestored(true);
    }
    // Only when another post is opened: later renders must not overwrite what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storageKey]);

  const discardRestored = () => {
    clearStoredDraft(storageKey);
    setValues(initial);
    setRestored(false);
  };

  const restoreAutosave = () => {
    if (!offer || !post) return;
    const next = formFromAutosave(offer.fields, post.status, values.featureImage);
    setValues(next);
    writeStoredDraft(storageKey, next);
    keepSlug();
    setOffer(null);
    setRestored(false);
  };

  const discardAutosave = () => {
    if (!post) return;
    setOffer(null);
    void apiRequest('DELETE', `/api/admin/posts/${encodeURIComponent(post.id)}/autosave`).catch(() => undefined);
  };

  /** The saved post changed under the editor (a restored revision): what was kept is gone. */
  const forget = () => {
    clearStoredDraft(storageKey);
    setRestored(false);
    setOffer(null);
  };

  const alerts = (
    <>
      {offer ? <AutosaveOffer savedAt={offer.savedAt} onRestore={restoreAutosave} onDiscard={discardAutosave} /> : null}
      {restored ? (
        <Alert variant="info" data-testid="restored-draft">
          <History className="size-4" aria-hidden="true" />
          <div>
            <AlertTitle>Unsaved changes restored</AlertTitle>
            <AlertDescription className="flex flex-wrap items-center gap-x-3">
              Your last unsaved text was kept in this browser.
              <Button type="button" variant="link" size="inline" onClick={discardRestored}>
                Discard them
              </Button>
            </AlertDescription>
          </div>
        </Alert>
      ) : null}
    </>
  );

  return { alerts, forget };
}
