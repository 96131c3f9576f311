import { cva, type VariantProps } from 'class-variance-authority';
import type { LabelHTMLAttributes } from 'react';
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

/** The sentence under a field that failed validation. */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-danger">
      {message}
    </p>
  );
}
