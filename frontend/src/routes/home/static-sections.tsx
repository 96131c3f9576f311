/**
 * The home page's copy blocks (kept islands, see server-html.tsx): rendered to HTML once per key and
 * never hydrated, so a first visit does not download this module; the browser loads it only to
 * render the page after a client-side navigation.
 */

import {
  ArrowRight,
  ArrowUpRight,
  Boxes,
  Cpu,
  FlaskConical,
  Glasses,
  Handshake,
  Layers,
  Rocket,
  Wrench,
} from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { site, type PublicSiteSettings } from '@northbeam/common';
import { CtaBand } from '@/components/marketing/cta-band';
import { LogoMarquee } from '@/components/marketing/logo-marquee';
import { SectionHeading } from '@/components/marketing/page-hero';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { cardSurface } from '@/components/ui/card';

const capabilities = [
  'AI Strategy',
  'Generative AI Pilots',
  'Data Platforms',
  'XR Training',
  'Digital Twins',
  'Automation & Agents',
  'AI Governance',
  'CGI & Virtual Production',
  'Product Prototyping',
  'IP Licensing',
];

const steps = [
  {
    icon: Handshake,
    title: 'Consulting Meets Creation',
    text: 'Strategists and builders sit in the same room. Every recommendation comes with something you can click, test or put in front of customers.',
  },
  {
    icon: Layers,
    title: 'Portfolio-as-a-Service',
    text: 'A rolling portfolio of small bets: we run discovery, prototype and validation sprints in parallel and double down on what works.',
  },
  {
    icon: Wrench,
    title: 'Custom Builds and Prototypes',
    text: 'From a two-week proof of concept to a production platform, built with your team and handed over with documentation and training.',
  },
];

const pillars = [
  {
    icon: Cpu,
    title: 'Consulting',
    to: '/consulting',
    accent: 'bg-consulting',
    text: 'Strategy, roadmaps, governance and change enablement for AI and emerging technology, grounded in delivery.',
  },
  {
    icon: FlaskConical,
    title: 'Labs',
    to: '/labs',
    accent: 'bg-labs',
    text: 'Experimental R&D, innovation sprints and IP builds you can own, share or license.',
  },
  {
    icon: Glasses,
    title: 'Immersive',
    to: '/immersive',
    accent: 'bg-immersive',
    text: 'XR training, digital twins and CGI from our Simulation Creation and Fooh Studios teams.',
  },
];

const stats = [
  { value: '10+', label: 'Industries served' },
  { value: 'Day 1', label: 'NDAs signed' },
  { value: '48 h', label: 'Reply to every enquiry' },
  { value: '48 h', label: 'Labs sprint plan' },
];

export function Hero() {
  return (
    <>
      <section className="relative isolate overflow-hidden bg-ink text-white">
        <div aria-hidden="true" className="glow -top-48 -left-32 -z-10 size-[40rem] text-beam opacity-40" />
        <div aria-hidden="true" className="glow -right-40 bottom-0 -z-10 size-[30rem] text-consulting opacity-25" />
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[linear-gradient(rgba(255,255,255,.05)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,.05)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_center,black,transparent_75%)] bg-[size:56px_56px]"
        />
        <div className="container-page py-24 sm:py-32 lg:py-40">
          <p className="eyebrow text-white/70 motion-safe:animate-rise">Digital transformation · Made in the UK</p>
          <h1 className="mt-6 max-w-5xl font-display text-5xl leading-[0.98] font-semibold tracking-[-0.04em] motion-safe:animate-rise sm:text-7xl lg:text-[5.5rem]">
            Less talk. More build.{' '}
            <span className="bg-gradient-to-r from-labs via-consulting to-immersive bg-clip-text text-transparent">
              Zero Deck Thirsty
            </span>
          </h1>
          <p className="mt-8 max-w-2xl text-lg leading-relaxed text-white/75 [animation-delay:100ms] motion-safe:animate-rise sm:text-xl">
            {site.name} helps small and medium businesses adopt AI, XR and future technology by building it with them:
            strategy that ships, a lab that prototypes in weeks, and studios that make the immersive real.
          </p>
          <div
            className="mt-10 flex flex-wrap gap-3 [animation-delay:200ms] motion-safe:animate-rise"
            data-testid="hero-actions"
          >
            <Link to="/consulting" className={buttonVariants({ variant: 'consulting', size: 'lg' })}>
              Explore Consulting <ArrowRight aria-hidden="true" />
            </Link>
            <Link to="/labs" className={buttonVariants({ variant: 'labs', size: 'lg' })}>
              Enter the Labs <ArrowRight aria-hidden="true" />
            </Link>
            <Link to="/immersive" className={buttonVariants({ variant: 'immersive', size: 'lg' })}>
              Go Immersive <ArrowRight aria-hidden="true" />
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

export function WeGetIt() {
  return (
    <>
      <div className="container-page grid gap-10 lg:grid-cols-2 lg:items-end">
        <SectionHeading
          id="we-get-it"
          eyebrow="We get it"
          title="You have heard enough about AI. You want to see it work in your business."
        />
        <p className="lead">
          Most transformation stalls between the strategy deck and the first working product. We close that gap with
          small, fast builds your team can use, measure and own.
        </p>
      </div>
      <div
        className="mt-14 overflow-hidden [mask-image:linear-gradient(90deg,transparent,black_8%,black_92%,transparent)]"
        data-testid="capabilities"
      >
        <ul className="flex w-max animate-marquee gap-4 pr-4 motion-reduce:w-full motion-reduce:animate-none motion-reduce:flex-wrap motion-reduce:justify-center">
          {[...capabilities, ...capabilities].map((capability, index) => (
            <li
              key={`${capability}-${index}`}
              aria-hidden={index >= capabilities.length || undefined}
              className={index >= capabilities.length ? 'capability-pill motion-reduce:hidden' : 'capability-pill'}
            >
              <span className="size-2 rotate-45 rounded-[2px] bg-beam" aria-hidden="true" />
              {capability}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

export function Clients({ logos }: { logos: PublicSiteSettings['clientLogos'] }) {
  return (
    <>
      <LogoMarquee logos={logos} />
    </>
  );
}

export function HowWeWork() {
  return (
    <>
      <section className="section" aria-labelledby="how-we-work">
        <div className="container-page">
          <SectionHeading id="how-we-work" eyebrow="How We Work" title="Three ways in. One team that builds." />
          <ol className="mt-14 grid gap-6 md:grid-cols-3">
            {steps.map((step, index) => (
              <li key={step.title} className={cardSurface({ className: 'relative p-8' })}>
                <span className="font-display text-6xl font-semibold text-ink-muted/70">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <step.icon className="absolute top-8 right-8 size-6 text-beam" aria-hidden="true" />
                <h3 className="heading-3 mt-4">{step.title}</h3>
                <p className="mt-3 text-sm leading-relaxed text-ink-muted">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}

export function Builders() {
  return (
    <>
      <section className="section" aria-labelledby="builders">
        <div className="container-page grid gap-12 lg:grid-cols-2 lg:items-center">
          <div>
            <SectionHeading
              id="builders"
              eyebrow="Builders, not talkers"
              title="Senior people who still write the code, run the workshop and ship the thing."
              intro="Our consultants have built trading platforms, national training programmes and BAFTA-nominated productions. You work with them directly, from the first call to handover."
            />
            <Link to="/about" className={cn(buttonVariants({ size: 'lg' }), 'mt-8')}>
              Meet the team <ArrowRight aria-hidden="true" />
            </Link>
          </div>
          <div className="grid grid-cols-2 gap-4" aria-hidden="true">
            {[
              { icon: Rocket, label: 'Prototype in weeks' },
              { icon: Boxes, label: 'IP you can own' },
              { icon: Cpu, label: 'AI in production' },
              { icon: Glasses, label: 'XR that trains' },
            ].map((item, index) => (
              <div
                key={item.label}
                className={cn(
                  'flex aspect-square flex-col justify-between rounded-card p-6',
                  ['bg-ink text-white', 'bg-labs', 'bg-consulting', 'bg-immersive'][index],
                )}
              >
                <item.icon className="size-8" />
                <span className="font-display text-xl font-semibold">{item.label}</span>
              </div>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}

export function Pillars() {
  return (
    <>
      <section className="section bg-white" aria-labelledby="pillars">
        <div className="container-page">
          <SectionHeading
            id="pillars"
            eyebrow="What we do"
            title="Three service lines, one way of working"
            align="center"
          />
          <div className="mt-14 grid gap-6 md:grid-cols-3">
            {pillars.map((pillar) => (
              <Link
                key={pillar.title}
                to={pillar.to}
                className={cardSurface({
                  tone: 'paper',
                  elevation: 'none',
                  className: 'group flex flex-col p-8 transition-shadow hover:shadow-lift',
                })}
                data-testid="pillar-card"
              >
                <span
                  className={cn('inline-flex size-12 items-center justify-center rounded-2xl text-ink', pillar.accent)}
                >
                  <pillar.icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="heading-3 mt-6">{pillar.title}</h3>
                <p className="mt-3 text-sm leading-relaxed text-ink-muted">{pillar.text}</p>
                <span className="mt-6 inline-flex items-center gap-1.5 text-sm font-semibold text-beam">
                  Learn more <ArrowUpRight className="size-4" aria-hidden="true" />
                </span>
              </Link>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}

export function Stats() {
  return (
    <>
      <section aria-label="Key figures" className="bg-ink py-14 text-white" data-testid="stats">
        <dl className="container-page grid grid-cols-2 gap-8 lg:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="border-l border-white/15 pl-5">
              <dt className="text-sm text-white/65">{stat.label}</dt>
              <dd className="mt-2 font-display text-4xl font-semibold tracking-tight sm:text-5xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}

export function CallToAction() {
  return (
    <>
      <CtaBand
        title="Ready to stop talking and start building?"
        text="Tell us about the problem. We sign NDAs on day one and reply within 48 hours with a plan, not a pitch."
        label="Start a project"
        testId="home-cta"
      />
    </>
  );
}
