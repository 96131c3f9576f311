import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export const fieldClass =
  'w-full rounded-xl border border-line bg-white px-4 text-base text-ink shadow-xs transition-colors placeholder:text-ink-muted/70 focus-visible:border-beam focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-beam/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, type = 'text', ...props },
  ref,
) {
  return <input ref={ref} type={type} className={cn(fieldClass, 'h-11', className)} {...props} />;
});
