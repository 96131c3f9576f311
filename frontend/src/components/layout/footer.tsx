import { useContext, type MouseEvent } from 'react';
import { inputsFrom, Island, islandCode, KeptData, noteKept } from '@/components/page/server-html';
import { useRouterLinks } from '@/components/page/router-links';
import { trackSocialClick, trackStudioVisit } from '@/lib/analytics';
import { openCookieSettings } from '@/lib/consent';
import { useSiteSettings } from '@/lib/site-settings';

// The year in UK time: the UK keeps GMT (UTC) over New Year, so it is the UTC year (no date library here).
const year = () => new Date().getUTCFullYear();

const code = islandCode(() => import('./footer-content').then(({ FooterContent }) => FooterContent));

/** Clicks inside the footer's static HTML: analytics of outbound links and the cookie settings. */
function onFooterClick(event: MouseEvent<HTMLDivElement>) {
  const target = event.target as Element;
  const social = target.closest<HTMLElement>('[data-track-social]');
  if (social) trackSocialClick(social.dataset.trackSocial!);
  const studio = target.closest<HTMLElement>('[data-track-studio]');
  if (studio) trackStudioVisit(studio.dataset.trackStudio!);
  if (target.closest('[data-open-cookie-settings]')) openCookieSettings();
}

/**
 * The site footer on every page. It depends on nothing but the build, the year and the site
 * settings' links, so it is a kept island (see server-html.tsx): rendered once per year and settings,
 * never hydrated, its code not part of a first visit; the few things a click does are handled here
 * by delegation.
 */
export function Footer() {
  const followLinks = useRouterLinks();
  const current = year();
  const { social, studios } = useSiteSettings();
  // In the browser the links may be this block's stand-in (shown by the footer alone, they are sent
  // once, as its HTML): it names the block's mark.
  const standIn = typeof social === 'string' ? social : typeof studios === 'string' ? studios : undefined;
  const links = typeof social === 'string' || typeof studios === 'string' ? undefined : { social, studios };
  // The settings answer that holds the social links holds the studios too.
  const inputs = standIn ?? inputsFrom(social as object, () => JSON.stringify(links));
  const kept = useContext(KeptData);
  noteKept(kept, social, inputs);
  noteKept(kept, studios, inputs);
  return (
    <Island
      id={`site-footer-${current}`}
      inputs={inputs}
      hydrate={false}
      code={code}
      render={() => links && code.Component && <code.Component year={current} links={links} />}
      className="contents"
      onClick={(event) => {
        followLinks(event);
        onFooterClick(event);
      }}
    />
  );
}
