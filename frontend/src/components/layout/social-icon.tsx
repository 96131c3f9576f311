import { spriteUrl } from '@/components/ui/icons';

/** The glyphs the sprite holds for social networks (frontend/scripts/brand-glyphs.mjs). */
export const brandGlyphNames = new Set(['linkedin', 'x', 'facebook', 'pinterest', 'youtube', 'instagram']);

/** A social network's brand glyph from the icon sprite; a network without one gets a plain disc. */
export function SocialIcon({ name }: { name: string }) {
  const glyph = brandGlyphNames.has(name.toLowerCase()) ? name.toLowerCase() : 'unknown';
  return (
    <svg aria-hidden="true" className="size-4">
      <use href={`${spriteUrl}#brand-${glyph}`} />
    </svg>
  );
}
