import { ArrowRight, CheckCircle2, Compass, FlaskConical, ShieldCheck, Users } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { site, type PublicSiteSettings } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import { loadTeamStrip, type TeamStripMember } from '@/lib/team';
import { ContactSection } from '@/components/marketing/contact-section';
import { CtaBand } from '@/components/marketing/cta-band';
import { LogoMarquee } from '@/components/marketing/logo-marquee';
import { PageHero, SectionHeading } from '@/components/marketing/page-hero';
import { serviceJsonLd } from '@/components/marketing/service-json-ld';
import { TeamStrip } from '@/components/marketing/team-strip';
import { buttonVariants } from '@/components/ui/button';
import { PlaybookInlineOffer } from '@/components/lead-capture/playbook-inline-offer';
import { PlaybookWidget } from '@/components/lead-capture/playbook-widget';
import { loadClientLogos } from '@/lib/site-settings';
import { useServiceEngagement } from '@/hooks/use-service-engagement';
import { cardSurface } from '@/components/ui/card';

const description =
  'AI and digital transformation consulting for UK SMEs: strategy and roadmaps, prototypes and proofs of concept, governance and compliance, and change enablement.';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Consulting: AI strategy that ships',
    description,
    keywords: ['AI consulting', 'digital strategy', 'AI governance', 'proof of concept', 'change management'],
    canonicalPath: '/consulting',
    jsonLd: [serviceJsonLd(`${site.name} Consulting`, description, 'Digital transformation consulting')],
  }),
};

const bullets = [
  'Senior consultants who have delivered, not just advised',
  'A working prototype inside the first month',
  'Governance designed in, so compliance says yes faster',
  'NDAs on day one and a reply within 48 hours',
];

const offerings = [
  {
    icon: Compass,
    title: 'Strategy & Roadmapping',
    text: 'Discovery workshops, opportunity mapping and a costed roadmap that ranks AI and technology bets by value, risk and effort.',
    points: [
      'Opportunity and readiness assessment',
      'Business cases your board can sign',
      '90-day and 12-month roadmaps',
    ],
  },
  {
    icon: FlaskConical,
    title: 'Prototyping & Proof of Concept',
    text: 'Two to six week builds that test the riskiest assumption with real data and real users before you commit a budget.',
    points: [
      'Clickable prototypes and working pilots',
      'Success measures agreed up front',
      'A clear build, buy or stop decision',
    ],
  },
  {
    icon: ShieldCheck,
    title: 'Governance & Compliance',
    text: 'Practical AI policies, risk tiers and approval paths aligned with UK GDPR, the EU AI Act and your sector regulator.',
    points: [
      'AI use policy and risk register',
      'Model documentation and audit trails',
      'Data protection impact assessments',
    ],
  },
  {
    icon: Users,
    title: 'Change Enablement',
    text: 'Training, champions networks and new ways of working, so the tools you buy are the tools your people use.',
    points: ['Role-based AI training', 'Champions and communities of practice', 'Adoption metrics that matter'],
  },
];

const sectors = [
  'Pharma',
  'Oil & Gas',
  'Manufacturing',
  'Education',
  'Fire Safety',
  'Military',
  'Hospitality',
  'Healthcare',
  'Space',
];

interface ConsultingData {
  team: TeamStripMember[];
  clientLogos: PublicSiteSettings['clientLogos'];
}

/** The team for the "Talk to the Team" strip, and the client logos' band. */
export async function loader({ context }: LoaderFunctionArgs): Promise<ConsultingData> {
  const [team, clientLogos] = await Promise.all([loadTeamStrip(context), loadClientLogos(context)]);
  return { team, clientLogos };
}

export function Component() {
  const { team, clientLogos } = useLoaderData<ConsultingData>();
  useServiceEngagement('consulting');
  return (
    <>
      <PageHero
        eyebrow={`${site.name} Consulting`}
        accent="var(--color-consulting)"
        title="Strategy that ships working software."
        lead="We help leadership teams decide where AI and emerging technology will pay off, then prove it with a working build before the budget is spent."
      >
        <div className="flex flex-wrap gap-3">
          <Link to="/contact" className={buttonVariants({ variant: 'consulting', size: 'lg' })}>
            Start Your Journey <ArrowRight aria-hidden="true" />
          </Link>
          <Link to="/contact" className={buttonVariants({ size: 'lg', variant: 'outline-inverse' })}>
            Book a Consultation
          </Link>
        </div>
      </PageHero>

      <section className="section" aria-labelledby="consulting-intro">
        <div className="container-page grid gap-12 lg:grid-cols-2">
          <div>
            <p
              className="font-display text-2xl font-semibold tracking-tight text-consulting-deep sm:text-3xl"
              data-testid="tagline"
            >
              {site.tagline}
            </p>
            <h2 id="consulting-intro" className="heading-2 mt-6">
              Advice you can test, not a deck you file.
            </h2>
            <TeamStrip members={team} className="mt-10" />
          </div>
          <ul className="grid gap-4 self-start" data-testid="consulting-bullets">
            {bullets.map((bullet) => (
              <li
                key={bullet}
                className="flex items-start gap-3 rounded-2xl border border-line bg-white p-5 shadow-card"
              >
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-consulting-deep" aria-hidden="true" />
                <span className="font-medium">{bullet}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section bg-white" aria-labelledby="offerings">
        <div className="container-page">
          <SectionHeading id="offerings" eyebrow="What we offer" title="Four ways we help" />
          <div className="mt-12 grid gap-6 md:grid-cols-2">
            {offerings.map((offering) => (
              <article
                key={offering.title}
                className={cardSurface({ tone: 'paper', elevation: 'none', className: 'p-8' })}
                data-testid="offering-card"
              >
                <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-consulting">
                  <offering.icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="heading-3 mt-6">{offering.title}</h3>
                <p className="mt-3 text-ink-muted">{offering.text}</p>
                <ul className="mt-5 grid gap-2 text-sm">
                  {offering.points.map((point) => (
                    <li key={point} className="flex items-center gap-2">
                      <span className="size-1.5 rounded-full bg-consulting-deep" aria-hidden="true" /> {point}
                    </li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="sectors">
        <div className="container-page">
          <SectionHeading
            id="sectors"
            eyebrow="Sectors"
            title="10+ industries served"
            intro="Regulated, physical and people-heavy industries are where we do our best work."
          />
          <ul className="mt-10 flex flex-wrap gap-3" data-testid="sector-tags">
            {sectors.map((sector) => (
              <li
                key={sector}
                className="rounded-full border border-line bg-white px-5 py-2.5 font-display font-medium shadow-card"
              >
                {sector}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <LogoMarquee logos={clientLogos} />

      <CtaBand
        title="Let's find your first win."
        text="A 30-minute call with a senior consultant. No slides, just the questions that tell us where AI will pay off for you."
        label="Book a Consultation"
        accent="var(--color-consulting)"
      />

      <ContactSection title="Talk to a consultant" />
      <PlaybookInlineOffer />
      <PlaybookWidget />
    </>
  );
}
