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
 * The confirmation of a row's action on an admin list (delete, unpublish, remove): a title, what
 * follows, Cancel and the action, which says it is under way while `busy` (the dialog then stays
 * open). With `problem` the dialog is a form that shows the server's refusal above its buttons.
 */
export function ConfirmDialog({
  open,
  busy,
  onClose,
  title,
  description,
  confirmLabel,
  busyLabel,
  destructive = true,
  onConfirm,
  problem,
}: {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
  /** The server's refusal, for a dialog that stays open on failure (undefined: none yet). */
  problem?: { text?: string };
}) {
  const header = (
    <AlertDialogHeader>
      <AlertDialogTitle>{title}</AlertDialogTitle>
      <AlertDialogDescription>{description}</AlertDialogDescription>
    </AlertDialogHeader>
  );
  const footer = (submit: boolean) => (
    <AlertDialogFooter>
      <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
      <Button
        type={submit ? 'submit' : 'button'}
        variant={destructive ? 'destructive' : 'default'}
        disabled={busy}
        onClick={submit ? undefined : onConfirm}
      >
        {busy ? busyLabel : confirmLabel}
      </Button>
    </AlertDialogFooter>
  );
  return (
    <AlertDialog open={open} onOpenChange={(next) => (!next && !busy ? onClose() : undefined)}>
      <AlertDialogContent>
        {problem ? (
          <form
            onSubmit={(event: FormEvent<HTMLFormElement>) => {
              event.preventDefault();
              onConfirm();
            }}
            className="grid gap-5"
          >
            {header}
            {problem.text ? (
              <Alert variant="destructive">
                <AlertDescription>{problem.text}</AlertDescription>
              </Alert>
            ) : null}
            {footer(true)}
          </form>
        ) : (
          <>
            {header}
            {footer(false)}
          </>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
