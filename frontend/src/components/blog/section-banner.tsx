import { sectionColours, sectionLabels, type PostSection } from '@northbeam/common';
import { spriteUrl } from '@/components/ui/icons';

/**
 * The coloured banner of an article: Labs #83FAFD, Consulting #EFBBFF, with an illustration that
 * keeps clear of the text (below it on a phone, beside it from the small breakpoint up).
 */
export function SectionBanner({ section }: { section: PostSection }) {
  return (
    <div
      className="relative overflow-hidden rounded-card px-8 pt-10 pb-28 sm:px-12 sm:pb-10"
      style={{ backgroundColor: sectionColours[section] }}
      data-testid="section-banner"
      data-colour={sectionColours[section]}
    >
      <h2 className="relative z-10 font-display text-3xl font-semibold text-ink sm:text-4xl">
        {sectionLabels[section]}
      </h2>
      <p className="relative z-10 mt-2 max-w-md text-sm text-ink/75 sm:max-w-[calc(100%-14rem)] lg:max-w-md">
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
    <svg
      viewBox="0 0 240 160"
      aria-hidden="true"
      className="absolute -right-4 -bottom-4 h-24 w-auto opacity-90 sm:right-4 sm:h-36 lg:right-6 lg:h-44"
    >
      <use href={`${spriteUrl}#banner-${section}`} />
    </svg>
  );
}
