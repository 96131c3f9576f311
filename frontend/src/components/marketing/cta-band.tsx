import { ArrowRight } from '@/components/ui/icons';
import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** A closing call to action on a dark panel. */
export function CtaBand({
  title,
  text,
  to = '/contact',
  label,
  accent = 'var(--color-beam)',
  children,
  testId,
}: {
  title: string;
  text: ReactNode;
  to?: string;
  label: string;
  accent?: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <section className="section" data-testid={testId}>
      <div className="container-page">
        <div className="relative isolate overflow-hidden rounded-[2rem] bg-ink px-6 py-14 text-white sm:px-14 sm:py-20">
          <div
            aria-hidden="true"
            className="glow -right-24 -bottom-24 -z-10 size-96 opacity-50"
            style={{ color: accent }}
          />
          <h2 className="max-w-2xl font-display text-3xl leading-tight font-semibold tracking-tight sm:text-5xl">
            {title}
          </h2>
          <div className="mt-5 max-w-xl text-lg text-white/75">{text}</div>
          <div className="mt-10 flex flex-wrap gap-3">
            <Link to={to} className={cn(buttonVariants({ variant: 'inverse', size: 'lg' }), 'hover:bg-labs')}>
              {label} <ArrowRight aria-hidden="true" />
            </Link>
            {children}
          </div>
        </div>
      </div>
    </section>
  );
}
