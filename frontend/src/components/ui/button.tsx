import { cva, type VariantProps } from 'class-variance-authority';
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/**
 * Button variants and sizes (docs/product.md#ui). Use `buttonVariants` to style links as buttons. Classes are
 * joined, not merged, so a caller never overrides what a variant or size sets (colours, radius,
 * height, padding, icon size): it picks the variant or size that has it. Each variant and size is one
 * component class (`btn-*`, styles/app.css), as a page shows many buttons.
 */
export const buttonVariants = cva(
  // `btn`: what every button shares (shape, behaviour, gap, icon size, one line).
  'btn',
  {
    variants: {
      variant: {
        default: 'btn-default',
        destructive: 'btn-destructive',
        outline: 'btn-outline',
        secondary: 'btn-secondary',
        ghost: 'btn-ghost',
        'ghost-danger': 'btn-ghost-danger',
        link: 'btn-link',
        // On a dark band or hero. `inverse` has no hover colour of its own: the caller adds one (hover:bg-labs…).
        inverse: 'btn-inverse',
        'outline-inverse': 'btn-outline-inverse',
        'ghost-inverse': 'btn-ghost-inverse',
        consulting: 'btn-consulting',
        labs: 'btn-labs',
        immersive: 'btn-immersive',
      },
      size: {
        default: 'btn-md',
        sm: 'btn-sm',
        lg: 'btn-lg',
        /** A page number: as tall as `sm`, at least square, no padding. */
        page: 'btn-page',
        'icon-xs': 'btn-icon-xs',
        'icon-sm': 'btn-icon-sm',
        icon: 'btn-icon',
        'icon-lg': 'btn-icon-lg',
        /** As `lg`, but growing with its text when `wrap` lets a long label take two lines. */
        'lg-flexible': 'btn-lg-flexible',
        /** No box: as tall as its text, no padding (for `link`). */
        inline: 'btn-inline',
      },
      /** One line (the default, in `btn`), or lines that wrap on a narrow screen (long labels from content). */
      wrap: { false: '', true: 'btn-wrap' },
    },
    defaultVariants: { variant: 'default', size: 'default', wrap: false },
  },
);

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, VariantProps<typeof buttonVariants> {}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { className, variant, size, wrap, type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={cn(buttonVariants({ variant, size, wrap }), className)} {...props} />;
});
