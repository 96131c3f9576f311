import { cva, type VariantProps } from 'class-variance-authority';
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/**
 * Button variants and sizes (docs/product.md#ui). Use `buttonVariants` to style links as buttons. Classes are
 * joined, not merged, so a caller never overrides what a variant or size sets (colours, radius,
 * height, padding, icon size): it picks the variant or size that has it.
 */
export const buttonVariants = cva(
  // `btn` (styles/app.css): what every button shares, in one class, as a page shows many.
  'btn gap-2 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'rounded-full bg-ink text-white hover:bg-beam',
        destructive: 'rounded-full bg-danger text-white hover:bg-danger/90',
        outline: 'rounded-full border border-ink/15 bg-white text-ink hover:border-ink/40 hover:bg-mist',
        secondary: 'rounded-full bg-mist text-ink hover:bg-line',
        ghost: 'rounded-full text-ink hover:bg-mist',
        'ghost-danger': 'rounded-full text-danger hover:bg-danger-soft',
        link: 'rounded-none text-beam underline-offset-4 hover:underline',
        // On a dark band or hero. `inverse` has no hover colour of its own: the caller adds one (hover:bg-labs…).
        inverse: 'rounded-full bg-white text-ink',
        'outline-inverse':
          'rounded-full border border-white/30 bg-transparent text-white hover:border-ink/40 hover:bg-white/10',
        'ghost-inverse': 'rounded-full text-white hover:bg-white/10',
        consulting: 'rounded-full bg-consulting text-ink hover:bg-white',
        labs: 'rounded-full bg-labs text-ink hover:bg-white',
        immersive: 'rounded-full bg-immersive text-ink hover:bg-white',
      },
      size: {
        default: 'h-11 justify-center px-5 text-sm',
        sm: 'h-9 justify-center px-4 text-sm',
        lg: 'h-13 justify-center px-7 text-base',
        /** A page number: as tall as `sm`, at least square, no padding. */
        page: 'h-9 min-w-9 justify-center px-0 text-sm',
        'icon-xs': 'size-8 justify-center',
        'icon-sm': 'size-9 justify-center',
        icon: 'size-10 justify-center',
        'icon-lg': 'size-14 justify-center',
        /** As `lg`, but growing with its text when `wrap` lets a long label take two lines. */
        'lg-flexible': 'min-h-13 justify-center px-7 py-3 text-base',
        /** No box: as tall as its text, no padding (for `link`). */
        inline: 'h-auto text-sm',
      },
      /** One line (the default), or lines that wrap on a narrow screen (long labels from content). */
      wrap: { false: 'whitespace-nowrap', true: 'max-w-full text-center whitespace-normal' },
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
