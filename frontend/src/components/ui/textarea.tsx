import { cva, type VariantProps } from 'class-variance-authority';
import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { fieldVariants, type FieldVariantProps } from './input';

const textareaVariants = cva('py-3', {
  variants: {
    /** The height before it is resized. */
    height: { sm: 'min-h-20', md: 'min-h-24', default: 'min-h-32', lg: 'min-h-96' },
    /** Relaxed leading with the body text size only; smaller (code) text keeps the line height of its size. */
    textSize: { sm: null, base: 'leading-relaxed', lg: null },
  },
  defaultVariants: { height: 'default', textSize: 'base' },
});

export interface TextareaProps
  extends
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    FieldVariantProps,
    Pick<VariantProps<typeof textareaVariants>, 'height'> {}

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { className, tone, textSize, height, ...props },
  ref,
) {
  return (
    <textarea
      ref={ref}
      className={cn(fieldVariants({ tone, textSize }), textareaVariants({ height, textSize }), className)}
      {...props}
    />
  );
});
