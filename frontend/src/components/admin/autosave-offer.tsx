import { History } from '@/components/ui/icons';
import { formatDate, revisionMessages } from '@northbeam/common';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/**
 * Offered when the editor opens and the caller's autosave on the server is newer than the saved post
 * (docs/product.md#revisions): restore it into the editor, or discard it.
 */
export function AutosaveOffer({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <Alert variant="info" data-testid="autosave-offer">
      <History className="size-4" aria-hidden="true" />
      <div>
        <AlertTitle>{revisionMessages.autosaveOfferTitle}</AlertTitle>
        <AlertDescription className="flex flex-col gap-2">
          <span>
            Autosaved {formatDate(savedAt, 'd MMM yyyy, HH:mm')}, after the post was last saved. Restore it into the
            editor, or discard it.
          </span>
          <span className="flex flex-wrap gap-2">
            <Button type="button" size="sm" onClick={onRestore}>
              Restore
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={onDiscard}>
              Discard
            </Button>
          </span>
        </AlertDescription>
      </div>
    </Alert>
  );
}
