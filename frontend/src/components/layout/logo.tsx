import { cn } from '@/lib/cn';

/** The beam mark: a rising light ray in the colour of the section. */
export function LogoMark({ accent = 'var(--color-beam)', className }: { accent?: string; className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="9" fill="var(--color-ink)" />
      <path d="M7 24 L19 8 L25 8 L13 24 Z" fill={accent} />
      <circle cx="23.5" cy="21.5" r="3" fill="#fff" />
    </svg>
  );
}
