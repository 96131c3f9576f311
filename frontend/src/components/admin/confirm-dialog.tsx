import type { FormEvent, ReactNode } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

/**
 * The one confirmation of the admin (delete, unpublish, send, restore, leave unsaved changes, a
 * decision that mails someone): a title, what follows, Cancel and the action. While `busy` the
 * action says it is under way (`busyLabel`) and the dialog cannot be dismissed.
 *
 * With `problem` (or `children`, the fields the action needs, such as a note or a role) the dialog is
 * a form: Enter confirms, `onConfirm` receives the form, and the server's refusal shows above the
 * buttons while the dialog stays open. Its submit does not reach a form the dialog is rendered in.
 */
export function ConfirmDialog({
  open,
  busy = false,
  onClose,
  title,
  description,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  destructive = true,
  onConfirm,
  problem,
  confirmTestId,
}: {
  open: boolean;
  busy?: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** Fields between the description and the buttons; they make the dialog a form. */
  children?: ReactNode;
  confirmLabel: string;
  /** The action's label while `busy` (default: `confirmLabel`). */
  busyLabel?: string;
  /** Null: no Cancel, a notice that the action only closes (new recovery codes, "Done"). */
  cancelLabel?: string | null;
  destructive?: boolean;
  onConfirm: (form?: HTMLFormElement) => void;
  /** The server's refusal, for a dialog that stays open on failure (undefined: none yet). */
  problem?: { text?: string; testId?: string };
  confirmTestId?: string;
}) {
  const isForm = problem !== undefined || children !== undefined;
  const header = (
    <AlertDialogHeader>
      <AlertDialogTitle>{title}</AlertDialogTitle>
      <AlertDialogDescription>{description}</AlertDialogDescription>
    </AlertDialogHeader>
  );
  const footer = (
    <AlertDialogFooter>
      {cancelLabel === null ? null : <AlertDialogCancel disabled={busy}>{cancelLabel}</AlertDialogCancel>}
      <Button
        type={isForm ? 'submit' : 'button'}
        variant={destructive ? 'destructive' : 'default'}
        disabled={busy}
        onClick={isForm ? undefined : () => onConfirm()}
        data-testid={confirmTestId}
      >
        {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
      </Button>
    </AlertDialogFooter>
  );
  return (
    <AlertDialog open={open} onOpenChange={(next) => (!next && !busy ? onClose() : undefined)}>
      {/* A long dialog (recovery codes on a phone) scrolls inside the screen. */}
      <AlertDialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        {isForm ? (
          <form
            onSubmit={(event: FormEvent<HTMLFormElement>) => {
              event.preventDefault();
              // React bubbles events through the portal: an editor's own form must not submit too.
              event.stopPropagation();
              onConfirm(event.currentTarget);
            }}
            className="grid gap-5"
          >
            {header}
            {children}
            {problem?.text ? (
              <Alert variant="destructive" data-testid={problem.testId}>
                <AlertDescription>{problem.text}</AlertDescription>
              </Alert>
            ) : null}
            {footer}
          </form>
        ) : (
          <>
            {header}
            {footer}
          </>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
