import { ArrowUpRight } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { site, type PublicSiteSettings } from '@northbeam/common';
import { LogoMark } from './logo';
import { SocialIcon } from './social-icon';

const services = [
  { label: 'Consulting', to: '/consulting' },
  { label: 'Labs', to: '/labs' },
  { label: 'Immersive', to: '/immersive' },
];

const company = [
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
  { label: 'Cookies', to: '/cookies' },
  { label: 'Privacy', to: '/privacy' },
  { label: 'Data Deletion', to: '/data-deletion' },
  { label: 'Terms & Conditions', to: '/terms' },
];

function ColumnHeading({ children }: { children: string }) {
  return <h2 className="footer-heading">{children}</h2>;
}

const linkClass = 'footer-link';

/** A footer column of links to pages of the site. */
function LinkColumn({ label, items }: { label: string; items: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-label={label} className="space-y-4">
      <ColumnHeading>{label}</ColumnHeading>
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={linkClass}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The footer's markup: a static section (see `Footer`), so no handlers here; what a click does is
 * said by data attributes that `Footer` acts on.
 */
export function FooterContent({
  year,
  links,
}: {
  year: number;
  links: Pick<PublicSiteSettings, 'social' | 'studios'>;
}) {
  return (
    <footer className="site-footer bg-ink text-white" data-testid="site-footer">
      <div className="container-page grid gap-12 py-16 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="space-y-5">
          <Link to="/" className="flex items-center gap-2.5" aria-label={`${site.name} home`}>
            <LogoMark />
            <span className="font-display text-lg font-semibold">{site.name}</span>
          </Link>
          <p className="max-w-xs text-sm leading-relaxed text-white/75">{site.tagline}</p>
          <ul className="flex flex-wrap gap-2" aria-label="Social media">
            {links.social.map((link) => (
              <li key={link.name}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={`${site.name} on ${link.name}`}
                  data-track-social={link.name.toLowerCase()}
                  className="footer-social"
                >
                  <SocialIcon name={link.name} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <LinkColumn label="Services" items={services} />
        <nav aria-label="Studios" className="space-y-4">
          <ColumnHeading>Studios</ColumnHeading>
          <ul className="space-y-3">
            {links.studios.map((studio) => (
              <li key={studio.href}>
                <a
                  href={studio.href}
                  target="_blank"
                  rel="noreferrer"
                  data-track-studio={studio.id}
                  className="footer-studio-link"
                >
                  {studio.name}
                  <ArrowUpRight className="size-3.5" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <LinkColumn label="Company" items={company} />
      </div>
      <div className="border-t border-white/10">
        <div className="container-page footer-bottom">
          <p className="text-xs leading-relaxed text-white/70" data-testid="copyright">
            © {year} {site.legalName}. Registered in {site.registeredIn}, company number {site.companyNumber}.
            Registered office: {site.registeredAddress}.
          </p>
          <button type="button" data-open-cookie-settings="" className="footer-cookie-settings">
            Cookie settings
          </button>
        </div>
      </div>
    </footer>
  );
}
