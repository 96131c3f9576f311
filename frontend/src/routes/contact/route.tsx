import { Mail, Phone, ShieldCheck, Timer } from '@/components/ui/icons';
import { site } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { ContactSection } from '@/components/marketing/contact-section';
import { PageHero } from '@/components/marketing/page-hero';
import { telephoneHref, useSiteSettings } from '@/lib/site-settings';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Contact us',
    description: `Contact ${site.name}: tell us what you want to build. NDAs on day one and a reply within 48 hours.`,
    keywords: ['contact', 'enquiry', 'digital transformation', 'AI consulting'],
    canonicalPath: '/contact',
  }),
};

export function Component() {
  const { email, phone } = useSiteSettings();
  return (
    <>
      <PageHero
        eyebrow={`Contact ${site.name}`}
        title="Let's build something."
        lead="Tell us about the problem, the idea or the deadline. A senior member of the team reads every message."
        aside={
          <ul className="grid gap-4">
            <li>
              <a
                href={`mailto:${email}`}
                className="flex items-center gap-4 rounded-card bg-white/5 p-5 ring-1 ring-white/10 transition-colors hover:bg-white/10"
                data-testid="contact-email"
              >
                <Mail className="size-6 text-labs" aria-hidden="true" />
                <span>
                  <span className="block text-sm text-white/60">Email support</span>
                  <span className="font-display text-lg font-semibold">{email}</span>
                </span>
              </a>
            </li>
            <li>
              <a
                href={telephoneHref(phone)}
                className="flex items-center gap-4 rounded-card bg-white/5 p-5 ring-1 ring-white/10 transition-colors hover:bg-white/10"
                data-testid="contact-phone"
              >
                <Phone className="size-6 text-labs" aria-hidden="true" />
                <span>
                  <span className="block text-sm text-white/60">Prefer to talk?</span>
                  <span className="font-display text-lg font-semibold">Call us</span>
                </span>
              </a>
            </li>
          </ul>
        }
      >
        <p className="font-display text-xl font-semibold text-white" data-testid="tagline">
          {site.tagline}
        </p>
        <ul className="mt-6 flex flex-wrap gap-3 text-sm">
          <li className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2">
            <ShieldCheck className="size-4 text-labs" aria-hidden="true" /> NDAs on day one
          </li>
          <li className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2">
            <Timer className="size-4 text-labs" aria-hidden="true" /> A reply within 48 hours
          </li>
        </ul>
      </PageHero>

      <ContactSection title="Send us a message" />
    </>
  );
}
