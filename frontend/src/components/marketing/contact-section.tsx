import { Mail, ShieldCheck, Timer } from '@/components/ui/icons';
import { ContactForm } from '@/components/lead-capture/contact-form';
import { useSiteSettings } from '@/lib/site-settings';
import { trackContactFormStart, trackContactFormSubmit } from '@/lib/analytics';

/**
 * The contact section of the home, Consulting, Labs and Contact pages: heading, intro, promises
 * and the contact form.
 */
export function ContactSection({
  title = 'Tell us what you want to build',
  intro = 'Share a few lines about your challenge. A real person reads every message and we reply within 48 hours.',
}: {
  title?: string;
  intro?: string;
}) {
  const { email } = useSiteSettings();
  return (
    <section id="contact" aria-labelledby="contact-heading" className="section scroll-mt-24 bg-mist/60">
      <div className="container-page grid gap-12 lg:grid-cols-[1fr_1.2fr]">
        <div>
          <p className="eyebrow">Contact</p>
          <h2 id="contact-heading" className="heading-2 mt-3">
            {title}
          </h2>
          <p className="lead mt-5">{intro}</p>
          <ul className="mt-8 grid gap-4 text-sm text-ink-muted">
            <li className="flex items-center gap-3">
              <Timer className="size-5 text-beam" aria-hidden="true" /> A reply within 48 hours
            </li>
            <li className="flex items-center gap-3">
              <ShieldCheck className="size-5 text-beam" aria-hidden="true" /> NDAs on day one
            </li>
            <li className="flex items-center gap-3">
              <Mail className="size-5 text-beam" aria-hidden="true" />
              <a href={`mailto:${email}`} className="font-medium text-ink hover:text-beam">
                {email}
              </a>
            </li>
          </ul>
        </div>
        <ContactForm
          onFormStart={() => trackContactFormStart()}
          onSubmitted={(details) => trackContactFormSubmit(details)}
        />
      </div>
    </section>
  );
}
