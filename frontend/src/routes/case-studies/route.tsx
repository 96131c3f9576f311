import { ArrowRight, Quote } from '@/components/ui/icons';
import { useEffect } from 'react';
import { Link } from '@/components/ui/link';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import { limits, site, type CaseStudyCardItem } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { CaseStudyCard, CaseStudyCardSkeleton } from '@/components/case-studies/case-study-card';
import { CtaBand } from '@/components/marketing/cta-band';
import { PageHero } from '@/components/marketing/page-hero';
import { TeamStrip } from '@/components/marketing/team-strip';
import { buttonVariants } from '@/components/ui/button';
import { loadJson } from '@/lib/api';
import { loadTeamStrip, type TeamStripMember } from '@/lib/team';
import { cn } from '@/lib/cn';
import { deferInBrowser, DeferredView, type Deferred } from '@/app/deferred';
import { trackCaseStudyIndexView } from '@/lib/analytics';
import { cardSurface } from '@/components/ui/card';

/** `null` means the list could not be loaded. */
type CaseStudyList = CaseStudyCardItem[] | null;

interface CaseStudiesData {
  caseStudies: Deferred<CaseStudyList>;
  team: TeamStripMember[];
}

/**
 * On the server the list is awaited so that crawlers get the cards; in the browser the page shows
 * its six skeleton cards while the list loads.
 */
export async function loader({ context }: LoaderFunctionArgs): Promise<CaseStudiesData> {
  const [caseStudies, team] = await Promise.all([
    deferInBrowser(context, () =>
      loadJson<CaseStudyCardItem[]>(context, '/api/case-studies')
        .then((list) => list ?? [])
        .catch(() => null),
    ),
    loadTeamStrip(context),
  ]);
  return { caseStudies, team };
}

export const handle: RouteHandle = {
  head: () => ({
    title: 'Case studies: real builds, real results',
    description: `Case studies from ${site.name}: AI risk engines, readiness assessments, XR training, compliance engines, governance and digital twins for UK organisations.`,
    keywords: ['case studies', 'AI projects', 'XR training', 'digital twin', 'results'],
    canonicalPath: '/case-studies',
  }),
};

function Grid({ children }: { children: React.ReactNode }) {
  return (
    <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="case-study-grid">
      {children}
    </div>
  );
}

function Skeletons() {
  return (
    <Grid>
      {Array.from({ length: limits.caseStudySkeletons }, (_, index) => (
        <CaseStudyCardSkeleton key={index} />
      ))}
    </Grid>
  );
}

function ErrorState() {
  return (
    <div
      className={cardSurface({ elevation: 'none', className: 'p-10 text-center' })}
      role="alert"
      data-testid="case-studies-error"
    >
      <h2 className="heading-3">Unable to load case studies</h2>
      <p className="mt-2 text-ink-muted">Please try again later.</p>
    </div>
  );
}

function CaseStudyList({ list }: { list: CaseStudyList }) {
  if (list === null) return <ErrorState />;
  if (list.length === 0) {
    return (
      <div
        className="rounded-card border border-dashed border-line bg-white p-10 text-center"
        data-testid="case-studies-empty"
      >
        <h2 className="heading-3">No case studies available</h2>
        <p className="mt-2 text-ink-muted">Check back soon</p>
      </div>
    );
  }
  return (
    <Grid>
      {list.map((caseStudy) => (
        <CaseStudyCard key={caseStudy.slug} caseStudy={caseStudy} headingLevel={2} />
      ))}
    </Grid>
  );
}

export function Component() {
  const { caseStudies, team } = useLoaderData<CaseStudiesData>();
  useEffect(() => {
    Promise.resolve('value' in caseStudies ? caseStudies.value : caseStudies.pending)
      .then((list) => trackCaseStudyIndexView(Array.isArray(list) ? list.length : 0))
      .catch(() => trackCaseStudyIndexView(0));
  }, [caseStudies]);
  return (
    <>
      <PageHero
        eyebrow="Case Studies"
        accent="var(--color-immersive)"
        title="Proof, not promises."
        lead="Insurers, advisers, justice services, media owners, pharma and fire services: here is what we built with them and what changed."
        aside={
          <figure className="rounded-card bg-white/5 p-7 ring-1 ring-white/10">
            <Quote className="size-8 text-immersive" aria-hidden="true" />
            <blockquote className="mt-4 font-display text-xl leading-snug font-medium sm:text-2xl">
              “They had a working prototype in front of our underwriters in three weeks. Nobody had ever done that for
              us.”
            </blockquote>
            <figcaption className="mt-5 text-sm text-white/70">
              Chief Underwriting Officer, Relative Probability
            </figcaption>
          </figure>
        }
      >
        <div className="flex flex-col gap-8 sm:flex-row sm:items-end">
          <TeamStrip members={team} tone="dark" />
          <Link to="/contact" className={cn(buttonVariants({ variant: 'inverse', size: 'lg' }), 'hover:bg-immersive')}>
            Get in touch <ArrowRight aria-hidden="true" />
          </Link>
        </div>
      </PageHero>

      <section className="section" aria-label="Case studies">
        <div className="container-page">
          <DeferredView data={caseStudies} fallback={<Skeletons />} errorElement={<ErrorState />}>
            {(list) => <CaseStudyList list={list} />}
          </DeferredView>
        </div>
      </section>

      <CtaBand
        title="Ready to start your project?"
        text="Tell us what you want to change. NDAs on day one, a reply within 48 hours."
        label="Start your project"
        accent="var(--color-immersive)"
        testId="case-studies-cta"
      />
    </>
  );
}
