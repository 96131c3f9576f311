import { spriteUrl } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

/**
 * The beam mark: a rising light ray in the colour of the section. Drawn in the icon sprite
 * (scripts/artwork.mjs), where the ray takes the text colour: `accent` is set as the svg's `color`.
 */
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
      aria-hidden="true"
      color={accent}
      className={cn('shrink-0', size === 'default' ? 'size-8' : 'size-7 sm:size-8', className)}
    >
      <use href={`${spriteUrl}#logo`} />
    </svg>
  );
}
