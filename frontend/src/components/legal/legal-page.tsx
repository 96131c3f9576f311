import type { ReactNode } from 'react';
import { formatDate, site } from '@northbeam/common';
import { useSiteSettings } from '@/lib/site-settings';
import { cardSurface } from '@/components/ui/card';

/** Today's date as the legal pages show it ("Last updated"). */
export function today(): string {
  return formatDate(new Date(), 'd MMMM yyyy');
}

export function LegalPage({
  title,
  intro,
  updated,
  children,
}: {
  title: string;
  intro: ReactNode;
  updated: string;
  children: ReactNode;
}) {
  const { email } = useSiteSettings();
  return (
    <article>
      <header className="border-b border-line bg-white">
        <div className="container-page max-w-4xl py-14 sm:py-20">
          <p className="eyebrow">Legal</p>
          <h1 className="heading-1 mt-4">{title}</h1>
          <p className="mt-4 text-sm text-ink-muted" data-testid="last-updated" suppressHydrationWarning>
            Last updated: {updated}
          </p>
          <div className="lead mt-6">{intro}</div>
        </div>
      </header>
      <div className="container-page max-w-4xl py-14 sm:py-20">
        <div className="grid gap-12 text-base leading-relaxed text-ink-muted [&_a]:font-medium [&_a]:text-beam [&_a]:underline [&_h2]:mb-4 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-ink [&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:font-semibold [&_h3]:text-ink [&_p+p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul>li]:ml-5">
          {children}
        </div>
        <aside
          className={cardSurface({ elevation: 'none', className: 'mt-16 p-6 text-sm' })}
          data-testid="legal-contact"
        >
          <p className="font-semibold text-ink">Questions about this page?</p>
          <p className="mt-1 text-ink-muted">
            Email our general enquiries mailbox at{' '}
            <a href={`mailto:${email}`} className="font-medium text-beam underline">
              {email}
            </a>
            . {site.legalName} is registered in {site.registeredIn} (company number {site.companyNumber}),{' '}
            {site.registeredAddress}.
          </p>
        </aside>
      </div>
    </article>
  );
}
