import { cva, type VariantProps } from 'class-variance-authority';
import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export const badgeVariants = cva(
  // The shape and type of every badge: one class (styles/app.css), as pages show many.
  'badge',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-ink text-white',
        secondary: 'border-transparent bg-mist text-ink',
        outline: 'border-line text-ink',
        destructive: 'border-transparent bg-danger text-white',
        labs: 'border-transparent bg-labs text-ink',
        consulting: 'border-transparent bg-consulting text-ink',
        immersive: 'border-transparent bg-immersive text-ink',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement>, VariantProps<typeof badgeVariants> {}

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
