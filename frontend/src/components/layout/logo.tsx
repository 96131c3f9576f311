import { cn } from '@/lib/cn';

/** The beam mark: a rising light ray in the colour of the section. */
export function LogoMark({
  accent = 'var(--color-beam)',
  className,
  size = 'default',
}: {
  accent?: string;
  className?: string;
  /** `responsive`: a little smaller on a phone, where the header is tight. */
  size?: 'default' | 'responsive';
}) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      className={cn('shrink-0', size === 'default' ? 'size-8' : 'size-7 sm:size-8', className)}
    >
      <rect width="32" height="32" rx="9" fill="var(--color-ink)" />
      <path d="M7 24 L19 8 L25 8 L13 24 Z" fill={accent} />
      <circle cx="23.5" cy="21.5" r="3" fill="#fff" />
    </svg>
  );
}
