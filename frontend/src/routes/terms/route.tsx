import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { site } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { LegalPage } from '@/components/legal/legal-page';
import { useSiteSettings } from '@/lib/site-settings';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Terms & Conditions',
    description: `The terms on which ${site.legalName} provides its website and its consulting, Labs and immersive services.`,
    keywords: ['terms and conditions', 'terms of service', 'consulting terms', 'England and Wales'],
    canonicalPath: '/terms',
  }),
};

/** The sections, with the public contact e-mail of the site settings. */
const sections = (email: string): { title: string; body: ReactNode }[] => [
  {
    title: 'Company information',
    body: (
      <p>
        These terms are issued by {site.legalName} ("{site.name}", "we", "us"), a company registered in{' '}
        {site.registeredIn} under company number {site.companyNumber}, with its registered office at{' '}
        {site.registeredAddress}. Email: <a href={`mailto:${email}`}>{email}</a>.
      </p>
    ),
  },
  {
    title: 'Scope of services',
    body: (
      <p>
        We provide digital transformation consulting, research and development through {site.name} Labs (including
        prototypes, IP builds and licensing), and immersive XR, simulation and CGI production through our studios. Each
        engagement is described in a statement of work, which takes precedence over these terms where they conflict.
      </p>
    ),
  },
  {
    title: 'Definitions',
    body: (
      <ul>
        <li>"Client" means the organisation or person that engages us.</li>
        <li>"Deliverables" means the work product we deliver under a statement of work.</li>
        <li>
          "Background IP" means intellectual property owned by either party before, or independently of, an engagement.
        </li>
        <li>
          "Statement of work" means the document that sets out scope, timing, fees and ownership for an engagement.
        </li>
      </ul>
    ),
  },
  {
    title: 'Use of services',
    body: (
      <p>
        You must be 18 or over to use our services or to submit information through this website. You agree to use the
        website lawfully, not to interfere with its operation, and not to attempt to gain unauthorised access to any
        part of it.
      </p>
    ),
  },
  {
    title: 'Intellectual property',
    body: (
      <p>
        Each party keeps its Background IP. Ownership of Deliverables follows the funding model agreed in the statement
        of work (You Fund You Own, Shared Investment or Leaseback). Unless agreed otherwise, we grant you a licence to
        use any of our Background IP embedded in the Deliverables for the purpose of the engagement. The content of this
        website belongs to us or our licensors.
      </p>
    ),
  },
  {
    title: 'Client responsibilities',
    body: (
      <p>
        You will provide timely access to people, data and systems reasonably needed, make sure you have the right to
        share any data you give us, and review and accept Deliverables within the periods set out in the statement of
        work.
      </p>
    ),
  },
  {
    title: 'Fees and payment',
    body: (
      <p>
        Fees are set out in the statement of work and exclude VAT unless stated otherwise. Invoices are payable within
        30 days. We may charge interest on late payments at 4% above the Bank of England base rate, accruing daily, in
        addition to our rights under the Late Payment of Commercial Debts (Interest) Act 1998.
      </p>
    ),
  },
  {
    title: 'Confidentiality',
    body: (
      <p>
        Each party will keep the other&rsquo;s confidential information secret and use it only for the engagement. We
        are happy to sign a non-disclosure agreement on day one. These obligations survive the end of the engagement for
        five years.
      </p>
    ),
  },
  {
    title: 'Data protection and privacy',
    body: (
      <p>
        Each party will comply with UK data protection law. Where we process personal data on your behalf we do so under
        a data processing agreement. How we handle personal data collected through this website is explained in our{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
    ),
  },
  {
    title: 'Warranties and disclaimers',
    body: (
      <p>
        We will perform services with reasonable skill and care. Prototypes and experimental Labs work are provided to
        test ideas and are not warranted as production-ready unless the statement of work says so. Website content is
        for general information and is not professional advice.
      </p>
    ),
  },
  {
    title: 'Limitation of liability',
    body: (
      <p>
        Nothing limits liability for death or personal injury caused by negligence, for fraud, or for anything that
        cannot be limited by law. Otherwise our total liability under an engagement is limited to the fees paid for it
        in the twelve months before the claim, and neither party is liable for indirect or consequential loss, or loss
        of profit, revenue or data.
      </p>
    ),
  },
  {
    title: 'Termination',
    body: (
      <p>
        Either party may end an engagement with 30 days&rsquo; written notice, or immediately if the other party
        materially breaches these terms and does not remedy the breach within 14 days of notice. You will pay for work
        done up to termination.
      </p>
    ),
  },
  {
    title: 'Third-party services',
    body: (
      <p>
        Our services and website may use or link to third-party platforms, software and studios. Their own terms apply
        to them, and we are not responsible for their content or availability.
      </p>
    ),
  },
  {
    title: 'Force majeure',
    body: (
      <p>
        Neither party is liable for delay or failure caused by events beyond its reasonable control, provided it
        notifies the other party promptly and takes reasonable steps to limit the effect.
      </p>
    ),
  },
  {
    title: 'Changes to terms',
    body: (
      <p>
        We may update these terms from time to time. The version on this page applies from its last-updated date;
        changes do not affect statements of work already signed unless both parties agree.
      </p>
    ),
  },
  {
    title: 'Governing law and dispute resolution',
    body: (
      <p>
        These terms and any dispute arising from them are governed by the law of England and Wales. The parties will
        first try to resolve any dispute by good-faith negotiation between senior representatives; failing that, the
        courts of England and Wales have exclusive jurisdiction.
      </p>
    ),
  },
  {
    title: 'Contact',
    body: (
      <p>
        Questions about these terms: <a href={`mailto:${email}`}>{email}</a>, or write to {site.legalName},{' '}
        {site.registeredAddress}.
      </p>
    ),
  },
];

export function Component() {
  const { email } = useSiteSettings();
  return (
    <LegalPage
      title="Terms & Conditions"
      updated="15 September 2025"
      intro="Please read these terms carefully. By using this website or our services you agree to them."
    >
      <ol className="grid gap-12" data-testid="terms-sections">
        {sections(email).map((section, index) => (
          <li key={section.title}>
            <section>
              <h2>
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          </li>
        ))}
      </ol>
    </LegalPage>
  );
}
