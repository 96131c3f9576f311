import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { fieldVariants, type FieldVariantProps } from './input';

/** The chevron of every select (the browser's own arrow is switched off so that all browsers match). */
const chevron =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%234a5270' stroke-width='2'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")";

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement>, FieldVariantProps {}

/** A native select in the look of the text fields, with one chevron on the right. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { className, tone, textSize, style, ...props },
  ref,
) {
  return (
    <select
      ref={ref}
      className={cn(
        fieldVariants({ tone, textSize }),
        'h-11 cursor-pointer appearance-none bg-[length:16px] bg-[right_1rem_center] bg-no-repeat pr-10',
        className,
      )}
      style={{ backgroundImage: chevron, ...style }}
      {...props}
    />
  );
});
