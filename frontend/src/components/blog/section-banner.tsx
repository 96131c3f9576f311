import { sectionColours, sectionLabels, type PostSection } from '@northbeam/common';

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
      {section === 'labs' ? <LabsIllustration /> : <ConsultingIllustration />}
    </div>
  );
}

function LabsIllustration() {
  return (
    <svg
      viewBox="0 0 240 160"
      aria-hidden="true"
      className="absolute -right-4 -bottom-4 h-24 w-auto opacity-90 sm:right-4 sm:h-36 lg:right-6 lg:h-44"
    >
      <circle cx="150" cy="80" r="62" fill="none" stroke="#0a0f1f" strokeWidth="2" strokeDasharray="4 6" />
      <circle cx="150" cy="80" r="36" fill="#0a0f1f" />
      <path d="M150 44v72M114 80h72" stroke="#83fafd" strokeWidth="2" />
      <circle cx="150" cy="80" r="8" fill="#83fafd" />
      <rect x="40" y="96" width="56" height="40" rx="10" fill="#0a0f1f" />
      <path
        d="M52 124l10-12 8 8 14-18"
        stroke="#83fafd"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="212" cy="30" r="10" fill="#fff" />
    </svg>
  );
}

function ConsultingIllustration() {
  return (
    <svg
      viewBox="0 0 240 160"
      aria-hidden="true"
      className="absolute -right-4 -bottom-4 h-24 w-auto opacity-90 sm:right-4 sm:h-36 lg:right-6 lg:h-44"
    >
      <rect x="96" y="24" width="120" height="112" rx="16" fill="#0a0f1f" />
      <path d="M116 112V92M140 112V72M164 112V84M188 112V52" stroke="#efbbff" strokeWidth="10" strokeLinecap="round" />
      <path
        d="M116 60l24-14 24 10 24-20"
        stroke="#fff"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="60" cy="110" r="26" fill="#fff" />
      <path
        d="M48 110l8 8 16-18"
        stroke="#0a0f1f"
        strokeWidth="4"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
