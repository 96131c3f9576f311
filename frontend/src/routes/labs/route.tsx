import { ArrowRight, Boxes, Coins, FlaskConical, Handshake, KeyRound, Orbit, Timer } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { site } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { ContactSection } from '@/components/marketing/contact-section';
import { PageHero, SectionHeading } from '@/components/marketing/page-hero';
import { serviceJsonLd } from '@/components/marketing/service-json-ld';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { PlaybookInlineOffer } from '@/components/lead-capture/playbook-inline-offer';
import { PlaybookWidget } from '@/components/lead-capture/playbook-widget';
import { useServiceEngagement } from '@/hooks/use-service-engagement';
import { cardSurface } from '@/components/ui/card';

const description = `${site.name} Labs: experimental R&D, innovation-as-a-service, IP builds and licensing, and future simulations, with a sprint plan within 48 hours.`;

export const handle: RouteHandle = {
  head: () => ({
    title: 'Labs: R&D, prototypes and IP you can own',
    description,
    keywords: ['innovation lab', 'R&D', 'prototyping', 'IP licensing', 'simulation'],
    canonicalPath: '/labs',
    jsonLd: [serviceJsonLd(`${site.name} Labs`, description, 'Research and development')],
  }),
};

const offerings = [
  {
    icon: FlaskConical,
    title: 'Innovation-as-a-Service',
    text: 'A standing R&D team on subscription: monthly sprints that explore, prototype and test ideas without hiring a lab of your own.',
  },
  {
    icon: KeyRound,
    title: 'IP Builds & Licensing',
    text: 'We build software, models and content as protectable IP, then help you own it, co-own it or license it to others.',
  },
  {
    icon: Orbit,
    title: 'Future Simulations',
    text: 'Digital twins and scenario models that let you rehearse the future: new sites, new processes, new markets.',
  },
];

const pipeline = [
  { title: 'Consult', text: 'Frame the opportunity and the question worth answering.' },
  { title: 'Discover', text: 'Research users, data and prior art in a one-week sprint.' },
  { title: 'Prototype', text: 'Build the smallest thing that tests the riskiest assumption.' },
  { title: 'Validate', text: 'Put it in front of real users and measure what happens.' },
  { title: 'Package', text: 'Harden, document and protect what works as an asset.' },
  { title: 'Monetise', text: 'Deploy, license or spin out, with a plan for revenue.' },
];

const projects = [
  {
    sector: 'Justice',
    title: 'XR prisoner release training',
    text: 'A VR rehearsal of the release process for custodial officers, with scored scenarios and learning-record integration.',
  },
  {
    sector: 'Advertising',
    title: 'AI compliance engine for digital out-of-home advertising',
    text: 'Checks every billboard creative against advertising codes and site rules in seconds, now licensed to three operators.',
  },
  {
    sector: 'Emergency services',
    title: 'Procedural training twin',
    text: 'A real-time twin of a high-rise incident where crews rehearse evacuation and command procedures together.',
  },
];

const models = [
  {
    icon: Coins,
    title: 'You Fund You Own',
    text: 'You fund the build and own all the IP outright. Best when the asset is core to your competitive edge.',
  },
  {
    icon: Handshake,
    title: 'Shared Investment',
    text: 'We co-invest our time against a share of future revenue or equity. Lower cost up front, aligned incentives.',
  },
  {
    icon: Boxes,
    title: 'Leaseback',
    text: 'We build and own the platform; you license it at a fixed monthly fee with the option to buy it out later.',
  },
];

export function Component() {
  useServiceEngagement('labs');
  return (
    <>
      <PageHero
        eyebrow={`${site.name} Labs`}
        accent="var(--color-labs)"
        title="Where ideas become assets."
        lead="Experimental R&D for businesses that want to build the future rather than read about it: prototypes in weeks, IP you can own, and a path to revenue."
      >
        <div className="flex flex-wrap gap-3">
          <Link to="/contact" className={buttonVariants({ variant: 'labs', size: 'lg' })}>
            Book a Discovery Call <ArrowRight aria-hidden="true" />
          </Link>
          <a href="#pipeline" className={buttonVariants({ size: 'lg', variant: 'outline-inverse' })}>
            See the Pipeline
          </a>
        </div>
      </PageHero>

      <section className="section" aria-labelledby="labs-offerings">
        <div className="container-page">
          <SectionHeading id="labs-offerings" eyebrow="What Labs does" title="Three ways to innovate with us" />
          <div className="mt-12 grid gap-6 md:grid-cols-3">
            {offerings.map((offering) => (
              <article key={offering.title} className={cardSurface({ className: 'p-8' })} data-testid="offering-card">
                <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-labs">
                  <offering.icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="heading-3 mt-6">{offering.title}</h3>
                <p className="mt-3 text-sm leading-relaxed text-ink-muted">{offering.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section id="pipeline" className="section scroll-mt-20 bg-ink text-white" aria-labelledby="pipeline-heading">
        <div className="container-page">
          <p className="eyebrow text-white/60">The pipeline</p>
          <h2 id="pipeline-heading" className="heading-2 mt-3">
            Six steps from question to revenue
          </h2>
          <ol className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-6" data-testid="pipeline-steps">
            {pipeline.map((step, index) => (
              <li key={step.title} className="relative rounded-card border border-white/10 bg-white/5 p-6">
                <span className="font-display text-sm font-semibold text-labs">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <h3 className="mt-3 font-display text-xl font-semibold">{step.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-white/70">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section" aria-labelledby="sample-projects">
        <div className="container-page">
          <SectionHeading id="sample-projects" eyebrow="Sample projects" title="Recently out of the Lab" />
          <div className="mt-12 grid gap-6 md:grid-cols-3">
            {projects.map((project) => (
              <article
                key={project.title}
                className={cardSurface({ className: 'flex flex-col p-8' })}
                data-testid="sample-project"
              >
                <p className="eyebrow text-labs-deep">{project.sector}</p>
                <h3 className="heading-3 mt-3">{project.title}</h3>
                <p className="mt-3 text-sm leading-relaxed text-ink-muted">{project.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section bg-white" aria-labelledby="funding-models">
        <div className="container-page">
          <SectionHeading
            id="funding-models"
            eyebrow="Funding and ownership"
            title="Choose how we build it together"
            intro="Every Labs project starts with a clear agreement on who pays, who owns and who profits."
          />
          <div className="mt-12 grid gap-6 md:grid-cols-3">
            {models.map((model) => (
              <article
                key={model.title}
                className={cardSurface({ tone: 'paper', elevation: 'none', className: 'flex flex-col p-8' })}
                data-testid="funding-model"
              >
                <model.icon className="size-8 text-labs-deep" aria-hidden="true" />
                <h3 className="heading-3 mt-5">{model.title}</h3>
                <p className="mt-3 flex-1 text-sm leading-relaxed text-ink-muted">{model.text}</p>
                <Link to="/contact" className={cn(buttonVariants({ variant: 'outline' }), 'mt-6 self-start')}>
                  Discuss This Model
                </Link>
              </article>
            ))}
          </div>
          <div
            className="mt-12 flex items-center gap-4 rounded-card bg-labs/40 p-6 sm:p-8"
            data-testid="sprint-promise"
          >
            <Timer className="size-8 shrink-0" aria-hidden="true" />
            <p className="font-display text-lg font-semibold sm:text-xl">
              Send us your challenge and we will send back a Labs sprint plan within 48 hours.
            </p>
          </div>
        </div>
      </section>

      <ContactSection
        title="Book a discovery call"
        intro="Tell us the idea or the problem. We reply within 48 hours with a sprint plan and the questions we would test first."
      />
      <PlaybookInlineOffer />
      <PlaybookWidget />
    </>
  );
}
