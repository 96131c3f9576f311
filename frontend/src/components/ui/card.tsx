import { cva } from 'class-variance-authority';
import type { ComponentProps, HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/**
 * The card surface: the one rounded, bordered box of the site and the admin. `Card` draws it as a
 * `div`; any other element that is a card (a list item, a link, a dialog, a form) takes its classes
 * from here rather than spelling them again.
 */
export const cardSurface = cva(
  // `card` (styles/app.css): the white, shadowed surface, one class as a page shows many; another tone
  // or elevation is a utility over it.
  'card',
  {
    variants: {
      tone: { white: '', paper: 'bg-paper', mist: 'bg-mist', none: 'bg-transparent' },
      elevation: { card: '', lift: 'shadow-lift', none: 'shadow-none' },
    },
    defaultVariants: { tone: 'white', elevation: 'card' },
  },
);

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn(cardSurface(), className)} {...props} />;
}

export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1.5 p-6', className)} {...props} />;
}

/** A card's heading; takes a ref (React 19 passes it as a prop) for moving focus to it. */
/** A card's title: an `h3` by default; `as="h2"` where the card sits straight under the page's `h1`. */
export function CardTitle({ className, as: Heading = 'h3', ...props }: ComponentProps<'h3'> & { as?: 'h2' | 'h3' }) {
  return <Heading className={cn('heading-3', className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('text-sm leading-relaxed text-ink-muted', className)} {...props} />;
}

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('p-6 pt-0', className)} {...props} />;
}

export function CardFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex items-center p-6 pt-0', className)} {...props} />;
}
