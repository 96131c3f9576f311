import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { revisionMessages } from '@northbeam/common';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { setNavigationGuard } from '@/lib/navigation-guard';

/**
 * While `when` holds, leaving asks first (docs/product.md#revisions): closing or reloading the tab
 * gets the browser's own question, a link or Back inside the app gets "Leave without saving?" and
 * `description`, what was not saved (default: the changes to a post).
 * Render `dialog`; call `release()` just before leaving on purpose (after a save), as the next render
 * would come too late for a navigation made in the same event.
 */
export function useUnsavedChangesGuard(
  when: boolean,
  description: string = revisionMessages.leaveDescription,
): { dialog: ReactNode; release: () => void } {
  const [asking, setAsking] = useState(false);
  const answer = useRef<((leave: boolean) => void) | undefined>(undefined);
  const remove = useRef<(() => void) | undefined>(undefined);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const removeGuard = setNavigationGuard(
      () =>
        new Promise<boolean>((resolve) => {
          answer.current?.(false);
          answer.current = resolve;
          setAsking(true);
        }),
    );
    const release = () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      removeGuard();
    };
    remove.current = release;
    return release;
  }, [when]);

  const settle = (leave: boolean) => {
    setAsking(false);
    answer.current?.(leave);
    answer.current = undefined;
  };

  const release = useCallback(() => remove.current?.(), []);

  const dialog = (
    <ConfirmDialog
      open={asking}
      onClose={() => settle(false)}
      title={revisionMessages.leaveTitle}
      description={description}
      cancelLabel="Stay"
      confirmLabel="Leave"
      onConfirm={() => settle(true)}
    />
  );
  return { dialog, release };
}
