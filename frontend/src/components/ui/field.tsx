import { cva, type VariantProps } from 'class-variance-authority';
import type { LabelHTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';

const labelVariants = cva('text-sm', {
  variants: {
    variant: {
      default: 'font-medium text-ink',
      /** A sentence beside a checkbox (consent). */
      muted: 'leading-relaxed font-normal text-ink-muted',
    },
  },
  defaultVariants: { variant: 'default' },
});

export function Label({
  className,
  variant,
  ...props
}: LabelHTMLAttributes<HTMLLabelElement> & VariantProps<typeof labelVariants>) {
  return <label className={cn(labelVariants({ variant }), className)} {...props} />;
}

/**
 * The one form mechanism's wiring of a field: what its control carries (`id`, `aria-invalid` while the
 * field has an error, `aria-describedby` naming its hint and then its error) and the id of its error
 * sentence (`FieldError`), `<id>-error`. No form writes these by hand.
 */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * The attributes of the control `id` of a field; `describedBy`: the ids of its hint. `Field` gives them
 * to its control itself; a layout `Field` does not draw (a checkbox with its sentence beside it, a text
 * area under a toolbar) spreads them on the control and puts `FieldError` under it.
 */
export function fieldControl(id: string, error?: string, describedBy?: string): FieldControlProps {
  const errorId = `${id}-error`;
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? (describedBy ? `${describedBy} ${errorId}` : errorId) : describedBy,
  };
}

/**
 * The sentence under a field that failed validation; `field`: the id of its control, whose
 * `aria-describedby` names this sentence by the id `<field>-error` (see `fieldControl`).
 */
export function FieldError({ field, message }: { field?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={field && `${field}-error`} role="alert" className="text-sm text-danger">
      {message}
    </p>
  );
}

/**
 * A form field: its label, the control, an optional hint under it and the sentence of a failed
 * validation. `htmlFor` is the control's id; `children` draws the control from the attributes it
 * must carry (`{(control) => <Input {...control} />}`); `describedBy`: the ids in `hint` that describe it.
 * `counter`: the length of a text beside the label, "n/max", in red once over (`live`: read out as it changes).
 */
export function Field({
  label,
  htmlFor,
  error,
  describedBy,
  hint,
  counter,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  error?: string;
  describedBy?: string;
  hint?: ReactNode;
  counter?: { value: number; max: number; live?: boolean };
  children: (control: FieldControlProps) => ReactNode;
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
      {children(fieldControl(htmlFor, error, describedBy))}
      {hint}
      <FieldError field={htmlFor} message={error} />
    </div>
  );
}

/** The hint under a field; its id goes to the field's `describedBy`. */
export function FieldHint({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-xs leading-relaxed text-ink-muted">
      {children}
    </p>
  );
}
