import { privacyRetentionLines, site } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { LegalPage, today } from '@/components/legal/legal-page';
import { useSiteSettings } from '@/lib/site-settings';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Privacy Policy',
    description: `How ${site.name} collects, uses and protects personal data under UK data protection law, how long we keep it, and your rights.`,
    keywords: ['privacy policy', 'UK GDPR', 'data protection', 'retention', 'your rights'],
    canonicalPath: '/privacy',
  }),
};

export function Component() {
  const { email, privacyEmail } = useSiteSettings();
  return (
    <LegalPage
      title="Privacy Policy"
      updated={today()}
      intro={`${site.legalName} is the controller of the personal data described here. We process it under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.`}
    >
      <section>
        <h2>1. Who we are</h2>
        <p>
          {site.legalName}, registered in {site.registeredIn} with company number {site.companyNumber},{' '}
          {site.registeredAddress}. General enquiries: <a href={`mailto:${email}`}>{email}</a>. Privacy requests:{' '}
          <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>.
        </p>
      </section>
      <section>
        <h2>2. What we collect and why</h2>
        <ul>
          <li>
            <strong>Contact form</strong>: your name, email, company, the service you are interested in and your
            message, to reply to your enquiry (legitimate interests, or steps before a contract).
          </li>
          <li>
            <strong>Newsletter</strong>: your email address, to send the newsletter you asked for (consent).
          </li>
          <li data-testid="newsletter-counting">
            <strong>Newsletter figures</strong>: we count, for each issue, how often each of its links was clicked (the
            links pass through our site, the same for every reader, with nothing in them that identifies you), how often
            its web version was viewed, and how many readers unsubscribed through it. These are totals only: we do not
            record who clicked what, and there is no open-tracking pixel. When a mail to you bounces or you report it as
            spam, your mail provider tells us: we note it on your subscription and stop sending after a permanent
            failure or a complaint (legitimate interests: keeping our list clean).
          </li>
          <li>
            <strong>Playbook download</strong>: your email address and the page you requested it from, to send the
            playbook and follow up (consent).
          </li>
          <li data-testid="analytics-counting">
            <strong>Analytics</strong>: we count visits ourselves, without a cookie for counting and without third
            parties: the pages viewed, the site that sent you (its name only), campaign tags in the link, your browser,
            system and type of device (read from your browser and then discarded) and the site&rsquo;s events such as a
            started contact form. To tell visits apart we combine your connection&rsquo;s address and browser with a
            random value that changes every day and is destroyed after it, and keep only the scrambled result: we do not
            store your IP address, the same visitor cannot be recognised from one day to the next, and the result cannot
            be turned back (legitimate interests). If you accept analytics cookies we also keep an anonymous visitor id,
            and when you then send an enquiry we keep with it the pages you read before it (consent); it is erased with
            the enquiry. <strong>To object</strong>, choose Reject All, dismiss the cookie banner, or untick Analytics
            in the Cookie settings button at the foot of every page: from then on your browser sends nothing of your
            visit, and our server drops anything marked as refused; only the choice itself is recorded, without any
            page, address or device.
          </li>
        </ul>
      </section>
      <section>
        <h2>3. How long we keep it</h2>
        <ul data-testid="retention">
          {privacyRetentionLines().map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <section>
        <h2>4. Who we share it with</h2>
        <p>
          Trusted processors that host our website, deliver email and provide analytics, under contracts that meet UK
          data protection law. Where data leaves the UK we rely on adequacy regulations or the International Data
          Transfer Agreement. We never sell personal data.
        </p>
      </section>
      <section>
        <h2>5. Your rights</h2>
        <p>Under UK data protection law you have the right to:</p>
        <ul data-testid="rights">
          <li>
            access the personal data we hold about you (you can use our <a href="/data-access">data access request</a>);
          </li>
          <li>have inaccurate data corrected;</li>
          <li>
            have your data erased (you can use our <a href="/data-deletion">data deletion request</a>);
          </li>
          <li>restrict or object to processing, including direct marketing;</li>
          <li>data portability;</li>
          <li>withdraw consent at any time, without affecting processing before withdrawal.</li>
        </ul>
        <p>
          To exercise any right, email <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>. We reply within one month.
        </p>
      </section>
      <section>
        <h2>6. Security</h2>
        <p>
          Data is encrypted in transit, access is limited to staff who need it, and staff accounts are protected by
          strong passwords and session limits.
        </p>
      </section>
      <section>
        <h2>7. Complaints</h2>
        <p>
          If you are unhappy with how we handle your data, please tell us first at{' '}
          <a href={`mailto:${email}`}>{email}</a>. You also have the right to complain to the Information
          Commissioner&rsquo;s Office (ICO), the UK supervisory authority:{' '}
          <a href="https://ico.org.uk/make-a-complaint/" target="_blank" rel="noreferrer">
            ico.org.uk
          </a>
          , telephone 0303 123 1113.
        </p>
      </section>
      <section>
        <h2>8. Cookies</h2>
        <p>
          See our <a href="/cookies">Cookie Policy</a>.
        </p>
      </section>
    </LegalPage>
  );
}
