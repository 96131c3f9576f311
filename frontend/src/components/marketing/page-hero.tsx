import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A page hero on the ink background with a glow in the section colour. */
export function PageHero({
  eyebrow,
  title,
  lead,
  accent = 'var(--color-beam)',
  children,
  aside,
  className,
}: {
  eyebrow: string;
  title: ReactNode;
  lead: ReactNode;
  accent?: string;
  children?: ReactNode;
  aside?: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn('relative isolate overflow-hidden bg-ink text-white', className)}>
      <div
        aria-hidden="true"
        className="glow -top-40 right-[-10%] -z-10 size-[36rem] opacity-40"
        style={{ color: accent }}
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(rgba(255,255,255,.05)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,.05)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_top,black,transparent_75%)] bg-[size:48px_48px]"
      />
      <div
        className={cn('container-page grid gap-12 py-20 sm:py-28', aside && 'lg:grid-cols-[1.3fr_1fr] lg:items-center')}
      >
        <div className="motion-safe:animate-rise">
          <p className="eyebrow text-white/70">
            <span className="mr-2 inline-block size-2 rounded-full align-middle" style={{ background: accent }} />
            {eyebrow}
          </p>
          <h1 className="mt-5 font-display text-4xl leading-[1.04] font-semibold tracking-[-0.035em] sm:text-6xl lg:text-7xl">
            {title}
          </h1>
          <div className="mt-6 max-w-2xl text-lg leading-relaxed text-white/75 sm:text-xl">{lead}</div>
          {children && <div className="mt-10">{children}</div>}
        </div>
        {aside && <div className="[animation-delay:150ms] motion-safe:animate-rise">{aside}</div>}
      </div>
    </section>
  );
}

/** A section heading: eyebrow, title and optional intro. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  className,
  align = 'left',
}: {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  className?: string;
  align?: 'left' | 'center';
}) {
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center', className)}>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id} className="heading-2 mt-3">
        {title}
      </h2>
      {intro && <p className="lead mt-4">{intro}</p>}
    </div>
  );
}
