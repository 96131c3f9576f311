import { sectionColours, sectionLabels, type PostSection } from '@northbeam/common';
import { spriteUrl } from '@/components/ui/icons';

/**
 * The coloured banner of an article: Labs #83FAFD, Consulting #EFBBFF, with an illustration that
 * keeps clear of the text (below it on a phone, beside it from the small breakpoint up).
 */
export function SectionBanner({ section }: { section: PostSection }) {
  return (
    <div
      className="section-banner"
      style={{ backgroundColor: sectionColours[section] }}
      data-testid="section-banner"
      data-colour={sectionColours[section]}
    >
      <h2 className="section-banner-title">{sectionLabels[section]}</h2>
      <p className="section-banner-text">
        {section === 'labs'
          ? 'Experiments, prototypes and the IP we build in the lab.'
          : 'Field notes on strategy, governance and change from our consultants.'}
      </p>
      <Illustration section={section} />
    </div>
  );
}

/** The section's illustration, drawn in the icon sprite (scripts/artwork.mjs). */
function Illustration({ section }: { section: PostSection }) {
  return (
    <svg viewBox="0 0 240 160" aria-hidden="true" className="section-banner-art">
      <use href={`${spriteUrl}#banner-${section}`} />
    </svg>
  );
}
