import { cva, type VariantProps } from 'class-variance-authority';
import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const alertVariants = cva(
  'relative w-full rounded-2xl border p-4 text-sm [&>svg]:absolute [&>svg]:top-4 [&>svg]:left-4 [&>svg+div]:pl-7',
  {
    variants: {
      variant: {
        default: 'border-line bg-white text-ink',
        destructive: 'border-danger/40 bg-danger-soft text-danger',
        info: 'border-beam/20 bg-beam-soft text-ink',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Alert({
  className,
  variant,
  ...props
}: HTMLAttributes<HTMLDivElement> & VariantProps<typeof alertVariants>) {
  return <div role="alert" className={cn(alertVariants({ variant }), className)} {...props} />;
}

/**
 * An alert's title. A heading one level below the section the alert sits in (`as`, `h5` by default), so
 * the page's outline never skips a level.
 */
export function AlertTitle({
  className,
  as: Heading = 'h5',
  ...props
}: HTMLAttributes<HTMLHeadingElement> & { as?: 'h2' | 'h3' | 'h4' | 'h5' }) {
  return <Heading className={cn('mb-1 font-semibold', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('leading-relaxed', className)} {...props} />;
}
