import { useContext } from 'react';
import { ArrowRight, ArrowUpRight, Clapperboard, Glasses } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { site, type PublicSiteSettings } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import { loadTeamStrip, type TeamStripMember } from '@/lib/team';
import { SimulationCreationFeed } from '@/components/feeds/simulation-creation-feed';
import { CtaBand } from '@/components/marketing/cta-band';
import { PageHero, SectionHeading } from '@/components/marketing/page-hero';
import { serviceJsonLd } from '@/components/marketing/service-json-ld';
import { TeamStrip } from '@/components/marketing/team-strip';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { PlaybookInlineOffer } from '@/components/lead-capture/playbook-inline-offer';
import { PlaybookWidget } from '@/components/lead-capture/playbook-widget';
import { useServiceEngagement } from '@/hooks/use-service-engagement';
import { loadStudios } from '@/lib/site-settings';
import { KeptData, readInBrowser } from '@/components/page/server-html';
import { trackStudioVisit } from '@/lib/analytics';

const description = `${site.name} Immersive: XR training, digital twins and CGI for advertising from our Simulation Creation and Fooh Studios teams.`;

export const handle: RouteHandle = {
  head: () => ({
    title: 'Immersive: XR, simulation and CGI studios',
    description,
    keywords: ['XR training', 'VR', 'digital twin', 'CGI', 'fake out-of-home', 'simulation'],
    canonicalPath: '/immersive',
    jsonLd: [serviceJsonLd(`${site.name} Immersive`, description, 'Immersive XR and CGI production')],
  }),
};

const studioStyle: Record<string, { icon: typeof Glasses; className: string }> = {
  simulation_creation: { icon: Glasses, className: 'bg-gradient-to-br from-ink via-ink-soft to-labs-deep text-white' },
  fooh_studios: {
    icon: Clapperboard,
    className: 'bg-gradient-to-br from-immersive via-consulting to-beam-soft text-ink',
  },
};

interface ImmersiveData {
  team: TeamStripMember[];
  studios: PublicSiteSettings['studios'];
}

/**
 * The team for the "Talk to the Team" strip, and the studios: the root data's copy is the footer's
 * and may be its stand-in in the browser (lib/site-settings.ts).
 */
export async function loader({ context }: LoaderFunctionArgs): Promise<ImmersiveData> {
  const [team, studios] = await Promise.all([loadTeamStrip(context), loadStudios(context)]);
  return { team, studios };
}

export function Component() {
  const { team, studios } = useLoaderData<ImmersiveData>();
  useServiceEngagement('immersive');
  // The studio cards below are this page's own: its data keeps them although the footer shows them too.
  readInBrowser(useContext(KeptData), studios);
  return (
    <>
      <PageHero
        eyebrow={`${site.name} Immersive`}
        accent="var(--color-immersive)"
        title="Step inside the work."
        lead="Virtual reality training, digital twins and CGI that make people remember. Built by two specialist studios and grounded in evidence about how people learn."
      >
        <Link to="/contact" className={buttonVariants({ variant: 'immersive', size: 'lg' })}>
          Plan an immersive project <ArrowRight aria-hidden="true" />
        </Link>
      </PageHero>

      <section className="section" aria-labelledby="immersive-intro">
        <div className="container-page grid gap-10 lg:grid-cols-2 lg:items-center">
          <div>
            <p
              className="font-display text-2xl font-semibold tracking-tight text-immersive-deep sm:text-3xl"
              data-testid="tagline"
            >
              {site.tagline}
            </p>
            <h2 id="immersive-intro" className="heading-2 mt-6">
              Rehearse the rare. Show the impossible.
            </h2>
            <p className="lead mt-5">
              From a release procedure that officers practise once a year to a product launch that has to stop traffic,
              immersive work lets people experience what slides can only describe.
            </p>
          </div>
          <TeamStrip members={team} />
        </div>
      </section>

      <section className="section pt-0" aria-labelledby="studios">
        <div className="container-page">
          <SectionHeading id="studios" eyebrow="Our studios" title="Two studios, one standard" />
          <div className="mt-12 grid gap-6 md:grid-cols-2">
            {studios.map((studio) => {
              const style = studioStyle[studio.id];
              const Icon = style?.icon ?? Glasses;
              return (
                <a
                  key={studio.id}
                  href={studio.href}
                  target="_blank"
                  rel="noreferrer"
                  data-studio={studio.id}
                  onClick={() => trackStudioVisit(studio.id)}
                  data-testid="studio-card"
                  className={cn(
                    'group relative flex min-h-72 flex-col justify-between overflow-hidden rounded-[1.75rem] p-8 shadow-card transition-shadow hover:shadow-lift sm:p-10',
                    style?.className,
                  )}
                >
                  <Icon className="size-10" aria-hidden="true" />
                  <div>
                    <h3 className="font-display text-3xl font-semibold tracking-tight">{studio.name}</h3>
                    <p className="mt-3 max-w-md opacity-80">{studio.blurb}</p>
                    <span className="mt-6 inline-flex items-center gap-1.5 font-semibold">
                      Visit {studio.name}{' '}
                      <ArrowUpRight
                        className="size-4 transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5"
                        aria-hidden="true"
                      />
                    </span>
                  </div>
                </a>
              );
            })}
          </div>
        </div>
      </section>

      <SimulationCreationFeed />

      <CtaBand
        title="Have a scenario people need to live through?"
        text="Tell us who needs to learn what. We will come back within 48 hours with a storyboard outline and a budget range."
        label="Talk to the studio"
        accent="var(--color-immersive)"
      />
      <PlaybookInlineOffer />
      <PlaybookWidget />
    </>
  );
}
