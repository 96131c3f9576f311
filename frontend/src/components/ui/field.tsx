import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { FieldError, Label } from './label';

/**
 * A form field: its label, the control, an optional hint under it and the sentence of a failed
 * validation. The control itself carries `id`, `aria-invalid` and `aria-describedby` (hint, error).
 * `counter`: the length of a text beside the label, "n/max", in red once over (`live`: read out as it changes).
 */
export function Field({
  label,
  htmlFor,
  error,
  errorId,
  hint,
  counter,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  error?: string;
  errorId?: string;
  hint?: ReactNode;
  counter?: { value: number; max: number; live?: boolean };
  children: ReactNode;
}) {
  const labelElement = <Label htmlFor={htmlFor}>{label}</Label>;
  return (
    <div className="flex flex-col gap-2">
      {counter ? (
        <div className="flex items-baseline justify-between gap-4">
          {labelElement}
          <span
            className={cn('text-xs', counter.value > counter.max ? 'text-danger' : 'text-ink-muted')}
            aria-live={counter.live ? 'polite' : undefined}
          >
            {counter.value}/{counter.max}
          </span>
        </div>
      ) : (
        labelElement
      )}
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
