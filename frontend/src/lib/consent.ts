import type { ConsentPreferences, ConsentRecord } from '@northbeam/common';
import { analyticsEvents, getVisitorId, isAdminPath, trackEvent } from './analytics';
import { readConsent, writeConsent } from './consent-store';

export { readConsent } from './consent-store';

type Gtag = (...args: unknown[]) => void;
type TrackerQueue = { push: (command: unknown[]) => unknown };

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
    /** The marketing tracker's command queue (HubSpot's `_hsq`), present once its script is configured. */
    _hsq?: TrackerQueue;
  }
}

export type ConsentAction = 'accept_all' | 'reject_all' | 'save_custom' | 'dismiss';
export type Choice = Omit<ConsentPreferences, 'essential'>;

const openSettingsEvent = 'northbeam:open-cookie-settings';
const analyticsCookies = [/^_ga($|_)/, /^_gid$/, /^_gat/, /^_gcl_/];
const marketingCookies = [/^__hstc$/, /^hubspotutk$/, /^__hssc$/, /^__hssrc$/, /^messagesUtk$/, /^_fbp$/];

/**
 * Google Consent Mode: everything denied before any tag can load. Runs once when the bundle
 * starts (no inline script: CSP). A `gtag` that already exists (a test stub) is kept.
 */
export function initialiseConsentMode(): void {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  if (!window.gtag) {
    window.gtag = function gtag() {
      // gtag.js reads the Arguments object itself, not an array.
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
  }
  window.gtag('consent', 'default', {
    analytics_storage: 'denied',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    functionality_storage: 'granted',
    security_storage: 'granted',
    wait_for_update: 500,
  });
  const stored = readConsent();
  if (stored) applyConsent(stored.preferences);
}

/** Tells the analytics tag and the marketing tracker what the visitor chose. */
export function applyConsent(preferences: Choice): void {
  window.gtag?.('consent', 'update', {
    analytics_storage: preferences.analytics ? 'granted' : 'denied',
    ad_storage: preferences.marketing ? 'granted' : 'denied',
    ad_user_data: preferences.marketing ? 'granted' : 'denied',
    ad_personalization: preferences.marketing ? 'granted' : 'denied',
  });
  // Staff screens send nothing to anyone: no tracker page view, no third-party script loaded there.
  const onAdminScreen = isAdminPath(window.location.pathname);
  const tracker = window._hsq;
  if (tracker && preferences.marketing && !onAdminScreen) {
    tracker.push(['doNotTrack', { track: true }]);
    tracker.push(['setPath', window.location.pathname]);
    tracker.push(['trackPageView']);
  } else if (tracker && !preferences.marketing) {
    tracker.push(['revokeCookieConsent']);
    tracker.push(['doNotTrack']);
  }
  if (!preferences.analytics) clearCookies(analyticsCookies);
  if (!preferences.marketing) clearCookies(marketingCookies);
  if ((preferences.analytics || preferences.marketing) && !onAdminScreen) void loadThirdPartyScripts(preferences);
}

/** Stores a choice from the banner, applies it and records the consent events (docs/product.md#analytics). */
export function recordChoice(action: ConsentAction, choice: Choice): ConsentRecord {
  const record = writeConsent(choice, getVisitorId());
  applyConsent(choice);
  const enabled = Number(choice.analytics) + Number(choice.marketing);
  trackEvent(analyticsEvents.cookieConsent, {
    action,
    analytics: choice.analytics,
    marketing: choice.marketing,
    ...(action === 'save_custom' ? { enabled_categories: enabled } : {}),
  });
  trackEvent(analyticsEvents.cookieConsent, {
    action: enabled > 0 ? 'consent_accepted' : 'consent_declined',
    enabled_categories: enabled,
  });
  return record;
}

export function trackConsentAction(action: 'customize'): void {
  trackEvent(analyticsEvents.cookieConsent, { action });
}

/** The footer's 'Cookie settings' button asks the banner to open. */
export function openCookieSettings(): void {
  window.dispatchEvent(new Event(openSettingsEvent));
}

export function onOpenCookieSettings(listener: () => void): () => void {
  window.addEventListener(openSettingsEvent, listener);
  return () => window.removeEventListener(openSettingsEvent, listener);
}

function clearCookies(patterns: RegExp[]): void {
  const names = document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim() ?? '')
    .filter((name) => name !== '' && patterns.some((pattern) => pattern.test(name)));
  const host = window.location.hostname;
  const domains = ['', host, `.${host}`, `.${host.split('.').slice(-2).join('.')}`];
  for (const name of names) {
    for (const domain of domains) {
      document.cookie = `${name}=; Max-Age=0; path=/${domain ? `; domain=${domain}` : ''}`;
    }
  }
}

interface PublicAnalyticsConfig {
  analyticsTagId: string | null;
  marketingTrackerId: string | null;
}

let configRequest: Promise<PublicAnalyticsConfig | null> | undefined;
const loadedScripts = new Set<string>();

function publicConfig(): Promise<PublicAnalyticsConfig | null> {
  configRequest ??= fetch('/api/analytics/config', { credentials: 'include' })
    .then((response) => (response.ok ? (response.json() as Promise<PublicAnalyticsConfig>) : null))
    .catch(() => null);
  return configRequest;
}

function loadScript(src: string): void {
  if (loadedScripts.has(src)) return;
  loadedScripts.add(src);
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.onerror = () => console.warn(`Could not load ${src}`);
  document.head.appendChild(script);
}

/** Third-party scripts load only when configured on the server and consented to; absent ids do nothing. */
async function loadThirdPartyScripts(preferences: Choice): Promise<void> {
  const config = await publicConfig();
  if (!config) return;
  if (preferences.analytics && config.analyticsTagId && /^[A-Z0-9-]+$/i.test(config.analyticsTagId)) {
    window.gtag?.('js', new Date());
    window.gtag?.('config', config.analyticsTagId, { send_page_view: false });
    loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(config.analyticsTagId)}`);
  }
  if (preferences.marketing && config.marketingTrackerId && /^[0-9]+$/.test(config.marketingTrackerId)) {
    if (!window._hsq) {
      const queue: unknown[][] = [['setPath', window.location.pathname], ['trackPageView']];
      window._hsq = queue;
    }
    loadScript(`https://js.hs-scripts.com/${config.marketingTrackerId}.js`);
  }
}
