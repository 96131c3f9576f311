import { useSyncExternalStore } from 'react';
import { formatDate, site } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { LegalPage, today } from '@/components/legal/legal-page';
import { readConsent } from '@/lib/consent-store';
import { useSiteSettings } from '@/lib/site-settings';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Cookie Policy',
    description: `How ${site.name} uses cookies and similar technologies, which categories you can choose, and how to change your mind.`,
    keywords: ['cookie policy', 'cookies', 'consent', 'privacy'],
    canonicalPath: '/cookies',
  }),
};

export function Component() {
  const { email } = useSiteSettings();
  return (
    <LegalPage
      title="Cookie Policy"
      updated={today()}
      intro={`This policy explains what cookies ${site.legalName} ("${site.name}", "we") uses on this website, why, and the choices you have.`}
    >
      <section>
        <h2>1. What cookies are</h2>
        <p>
          Cookies are small text files that a website stores in your browser. Similar technologies, such as local
          storage, work in the same way. We use both, and this policy calls them all cookies.
        </p>
      </section>
      <section>
        <h2>2. The categories we use</h2>
        <h3>Essential (always on)</h3>
        <p>
          Needed for the site to work and to remember your cookie choices. They cannot be switched off. Our consent
          record is kept in your browser under the key <code>{site.consentStorageKey}</code>.
        </p>
        <h3>Analytics (optional)</h3>
        <p>
          Help us understand which pages are useful, using aggregated statistics. They are only set if you accept
          analytics cookies. Analytics cookies last about 2 years.
        </p>
        <h3 id="counting-without-cookies">Counting visits without cookies</h3>
        <p data-testid="analytics-counting">
          We count visits on our own server, without setting any cookie for it: each visit is recognised by a scrambled
          value made from your connection&rsquo;s address, your browser&rsquo;s description and a random value that
          changes every day and is destroyed after it. We do not keep your IP address or your browser&rsquo;s
          description, only the browser, system and device type read from it, so the same visitor cannot be followed
          from one day to the next. You can object: Reject All, dismissing the banner or unticking Analytics stops this
          counting for you, because your browser then sends nothing of your visit and our server drops anything marked
          as refused (only your choice itself is recorded, without any page, address or device).
        </p>
        <h3>Marketing (optional)</h3>
        <p>
          Let us measure campaigns and, where you agree, show relevant follow-up. They are only set if you accept
          marketing cookies.
        </p>
      </section>
      <section>
        <h2>3. Your choices</h2>
        <p>
          When you first visit, the cookie banner lets you accept all, reject all or customise your choices. You can
          change your mind at any time with the Cookie settings button in the footer of every page, which opens the
          banner again. Rejecting optional cookies does not affect how the site works.
        </p>
      </section>
      <YourConsentRecord />
      <section>
        <h2>4. Third parties</h2>
        <p>
          If you accept analytics or marketing cookies, our analytics and customer relationship providers may set their
          own cookies. They process data on our behalf under contracts that meet UK data protection law.
        </p>
      </section>
      <section>
        <h2>5. More information</h2>
        <p>
          Our <a href="/privacy">Privacy Policy</a> explains how we handle personal data, how long we keep it and your
          rights. For any question, email <a href={`mailto:${email}`}>{email}</a>.
        </p>
      </section>
    </LegalPage>
  );
}

/**
 * The visitor's own consent record (docs/product.md#consent-records): the id our server stored their
 * last banner choice under, and when. Read from the browser after hydration (the server cannot know it).
 */
function YourConsentRecord() {
  const { privacyEmail } = useSiteSettings();
  // The raw stored text is the snapshot (a stable string); the server has none.
  const raw = useSyncExternalStore(subscribeToStorage, storedConsentText, () => undefined);
  const stored = raw === undefined ? undefined : readConsent();
  const record =
    stored === undefined
      ? undefined
      : stored?.consentId && stored.consentRecordedAt
        ? { consentId: stored.consentId, recordedAt: stored.consentRecordedAt }
        : null;
  return (
    <section data-testid="your-consent">
      <h3>Your consent record</h3>
      {record ? (
        <p>
          Your consent id is <code data-testid="consent-id">{record.consentId}</code>, recorded on{' '}
          <span data-testid="consent-date">{formatDate(record.recordedAt, 'd MMM yyyy, HH:mm')}</span> (UK time). Quote
          it to <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a> and we can show you the choice we hold. We store
          it without your IP address.
        </p>
      ) : record === null ? (
        <p>
          We hold no record of a cookie choice from this browser yet. Your choice in the banner is recorded under a
          random id shown here.
        </p>
      ) : null}
    </section>
  );
}

function storedConsentText(): string | null {
  try {
    return localStorage.getItem(site.consentStorageKey);
  } catch {
    return null;
  }
}

function subscribeToStorage(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}
