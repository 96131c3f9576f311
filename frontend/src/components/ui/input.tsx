import { cva, type VariantProps } from 'class-variance-authority';
import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/**
 * The look every text field shares (inputs, text areas, selects). Colours and text size are variants:
 * classes are joined, not merged, so a caller picks one instead of overriding it.
 */
export const fieldVariants = cva(
  // `field` (styles/app.css): what every field shares, in one class, and a class per tone (`field-*`);
  // the border colours of focus and of an invalid value stay utilities, so that they outrank the tone's.
  'field focus-visible:border-beam aria-invalid:border-danger',
  {
    variants: {
      tone: {
        light: 'field-light',
        /** Light, with no fill: what is behind shows through (the contact form's select, on its white card). */
        clear: 'field-clear',
        /** On a dark band (the newsletter box). */
        dark: 'field-dark',
      },
      textSize: { sm: 'text-sm', base: 'text-base', lg: 'text-lg' },
    },
    defaultVariants: { tone: 'light', textSize: 'base' },
  },
);

export type FieldVariantProps = VariantProps<typeof fieldVariants>;

export interface InputProps extends InputHTMLAttributes<HTMLInputElement>, FieldVariantProps {}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { className, type = 'text', tone, textSize, ...props },
  ref,
) {
  return (
    <input ref={ref} type={type} className={cn(fieldVariants({ tone, textSize }), 'h-11', className)} {...props} />
  );
});
