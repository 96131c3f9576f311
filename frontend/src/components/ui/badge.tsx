import { cva, type VariantProps } from 'class-variance-authority';
import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export const badgeVariants = cva(
  // The shape and type of every badge, and each variant's colours: one class each (styles/app.css), as
  // pages show many.
  'badge',
  {
    variants: {
      variant: {
        default: 'badge-default',
        secondary: 'badge-secondary',
        outline: 'badge-outline',
        destructive: 'badge-destructive',
        labs: 'badge-labs',
        consulting: 'badge-consulting',
        immersive: 'badge-immersive',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement>, VariantProps<typeof badgeVariants> {}

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
