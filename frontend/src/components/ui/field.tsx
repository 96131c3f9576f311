import type { ReactNode } from 'react';
import { FieldError, Label } from './label';

/**
 * A form field: its label, the control, an optional hint under it and the sentence of a failed
 * validation. The control itself carries `id`, `aria-invalid` and `aria-describedby` (hint, error).
 */
export function Field({
  label,
  htmlFor,
  error,
  errorId,
  hint,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  error?: string;
  errorId: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {hint}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The hint under a field; give its id to the control's `aria-describedby`. */
export function FieldHint({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-xs leading-relaxed text-ink-muted">
      {children}
    </p>
  );
}
