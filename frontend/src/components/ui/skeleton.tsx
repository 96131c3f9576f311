import { cva, type VariantProps } from 'class-variance-authority';
import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const skeletonVariants = cva('animate-pulse', {
  variants: {
    tone: { light: 'bg-mist', dark: 'bg-white/10' },
    shape: { rounded: 'rounded-xl', square: 'rounded-none' },
  },
  defaultVariants: { tone: 'light', shape: 'rounded' },
});

export function Skeleton({
  className,
  tone,
  shape,
  ...props
}: HTMLAttributes<HTMLDivElement> & VariantProps<typeof skeletonVariants>) {
  return <div aria-hidden="true" className={cn(skeletonVariants({ tone, shape }), className)} {...props} />;
}
