import { site, temporal, visitorIdPattern } from '@northbeam/common';
import { readConsent } from './consent-store';

/**
 * First-party analytics (docs/product.md#analytics): every event goes to POST /api/analytics/track
 * with the shared properties; the anonymous visitor id goes along only with analytics consent.
 * Failures only warn: analytics must never break the page.
 */
export const analyticsEvents = {
  pageView: 'Page View',
  contactFormStarted: 'Contact Form Started',
  contactFormSubmitted: 'Contact Form Submitted',
  newsletterSubscribed: 'Newsletter Subscribed',
  playbookDownloaded: 'Playbook Downloaded',
  blogPostView: 'Blog Post View',
  cookieConsent: 'Cookie Consent',
  contactFormSubmit: 'contact_form_submit',
  newsletterSignup: 'newsletter_signup',
  playbookDownload: 'playbook_download',
  contactFormStart: 'contact_form_start',
  servicePageEngagement: 'service_page_engagement',
  serviceInquiry: 'service_inquiry',
  studioVisit: 'studio_visit',
  socialMediaClick: 'social_media_click',
  blogPostRead: 'blog_post_read',
  blogPostScroll: 'blog_post_scroll',
  emailClick: 'email_click',
  phoneClick: 'phone_click',
  pageTiming: 'page_timing',
  caseStudyIndexView: 'case_study_index_view',
  caseStudyView: 'case_study_view',
  caseStudyCtaClick: 'case_study_cta_click',
} as const;

export type AnalyticsProperties = Record<string, string | number | boolean | null>;

function randomPart(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => (byte % 36).toString(36)).join('');
}

/** The anonymous visitor id: `user_<random>_<ms>`, created once and kept in local storage. */
export function getVisitorId(): string {
  try {
    const stored = localStorage.getItem(site.visitorIdStorageKey);
    if (stored && visitorIdPattern.test(stored)) return stored;
    const created = `user_${randomPart()}_${Date.now()}`;
    localStorage.setItem(site.visitorIdStorageKey, created);
    return created;
  } catch {
    return `user_${randomPart()}_${Date.now()}`;
  }
}

let timeZone: string | undefined;

/** The visitor's IANA time zone: from Temporal where the browser has it, else from Intl (`temporal`, common/src/dates.ts). */
function visitorTimeZone(): string {
  timeZone ??= temporal ? temporal.Now.timeZoneId() : Intl.DateTimeFormat().resolvedOptions().timeZone;
  return timeZone;
}

function baseProperties(): AnalyticsProperties {
  return {
    timestamp: new Date().toISOString(),
    page_url: window.location.pathname,
    page_title: document.title,
    referrer: document.referrer || 'direct',
    source: 'client',
    user_agent: navigator.userAgent,
    screen_resolution: `${window.screen.width}x${window.screen.height}`,
    language: navigator.language,
    platform: 'web',
    timezone: visitorTimeZone(),
    // Every event on a tagged address carries its campaign tags: whichever event opens the visit
    // (an article's own event can arrive before its page view), the visit keeps them.
    ...campaignProperties(),
  };
}

/** Whether `path` is an admin screen: staff screens send no analytics at all (docs/product.md#analytics). */
export function isAdminPath(path: string): boolean {
  return /^\/admin(\/|$)/i.test(path);
}

/** Sends one event. Never throws; a failure logs a console warning. */
export function trackEvent(event: string, properties: AnalyticsProperties = {}): void {
  if (typeof window === 'undefined' || isAdminPath(window.location.pathname)) return;
  try {
    const stored = readConsent();
    const analyticsConsent = stored?.preferences.analytics === true;
    // A visitor who refused analytics is not counted (docs/product.md#analytics-counting): only the
    // banner choice itself is sent, marked as refused, and the server keeps it bare.
    const analyticsRefused = stored !== null && !analyticsConsent;
    if (analyticsRefused && event !== analyticsEvents.cookieConsent) return;
    const body = {
      event,
      properties: { ...baseProperties(), ...properties },
      analyticsConsent,
      ...(analyticsConsent ? { visitorId: getVisitorId() } : {}),
      ...(analyticsRefused ? { analyticsRefused: true } : {}),
    };
    fetch('/api/analytics/track', {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
      .then((response) => {
        if (!response.ok) console.warn(`Analytics tracking failed: ${response.status}`);
      })
      .catch((error: unknown) => console.warn('Analytics tracking failed', error));
  } catch (error) {
    console.warn('Analytics tracking failed', error);
  }
}

const campaignParameters = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/** The UTM parameters of the address, on the page view that carries them. */
function campaignProperties(): AnalyticsProperties {
  const search = new URLSearchParams(window.location.search);
  const found: AnalyticsProperties = {};
  for (const name of campaignParameters) {
    const value = search.get(name);
    if (value) found[name] = value.slice(0, 200);
  }
  return found;
}

export function trackPageView(path: string, previousPage: string | null): void {
  trackEvent(analyticsEvents.pageView, {
    page_url: path,
    previous_page: previousPage ?? (document.referrer || 'direct'),
    ...campaignProperties(),
  });
}

export function trackPageTiming(path: string, seconds: number): void {
  trackEvent(analyticsEvents.pageTiming, { page_url: path, seconds });
}

export function trackStudioVisit(studio: string): void {
  trackEvent(analyticsEvents.studioVisit, { studio });
}

export function trackEmailClick(location: string): void {
  trackEvent(analyticsEvents.emailClick, { location });
}

export function trackPhoneClick(location: string): void {
  trackEvent(analyticsEvents.phoneClick, { location });
}

export function trackSocialClick(platform: string, location = 'footer'): void {
  trackEvent(analyticsEvents.socialMediaClick, { platform, location });
}

export function trackServiceInquiry(service: string): void {
  trackEvent(analyticsEvents.serviceInquiry, { service });
}

export function trackContactFormStart(formType = 'contact'): void {
  trackEvent(analyticsEvents.contactFormStart, { form_type: formType });
  trackEvent(analyticsEvents.contactFormStarted, { form_type: formType });
}

export function trackContactFormSubmit(details: {
  service: string;
  hasCompany: boolean;
  messageLength: number;
  formType?: string;
}): void {
  const properties = {
    service: details.service,
    has_company: details.hasCompany,
    message_length: details.messageLength,
    form_type: details.formType ?? 'contact',
  };
  trackEvent(analyticsEvents.contactFormSubmit, properties);
  trackEvent(analyticsEvents.contactFormSubmitted, properties);
}

export function trackNewsletterSignup(email: string, source: string): void {
  trackEvent(analyticsEvents.newsletterSignup, { source });
  trackEvent(analyticsEvents.newsletterSubscribed, {
    email,
    source,
    page: window.location.pathname,
    subscription_type: 'newsletter',
  });
}

export function trackPlaybookDownload(email: string): void {
  trackEvent(analyticsEvents.playbookDownload, { download_type: 'sme_playbook' });
  trackEvent(analyticsEvents.playbookDownloaded, {
    email,
    page: window.location.pathname,
    download_type: 'sme_playbook',
  });
}

export interface CaseStudyFacts {
  slug: string;
  title: string;
  client: string;
  sector: string;
}

export function trackCaseStudyIndexView(count: number): void {
  trackEvent(analyticsEvents.caseStudyIndexView, { case_studies: count });
}

export function trackCaseStudyView(caseStudy: CaseStudyFacts): void {
  trackEvent(analyticsEvents.caseStudyView, { ...caseStudy });
}

export function trackCaseStudyCtaClick(caseStudy: CaseStudyFacts, ctaText: string, href: string): void {
  trackEvent(analyticsEvents.caseStudyCtaClick, { ...caseStudy, cta_text: ctaText, href });
}
