/**
 * The staff analytics dashboard (docs/product.md#analytics-dashboard): the figures of one range of
 * UK days and of the period of the same length just before it.
 */

export type AnalyticsGranularity = 'hour' | 'day';

export const analyticsLimits = {
  /** Longest range the dashboard answers, in days (the events are kept two years). */
  rangeMaxDays: 731,
  /** Longest range shown by the hour. */
  hourlyMaxDays: 31,
  /** Rows of each table (pages, referrers, …). */
  tableRows: 20,
  /** A visit ends after this long without an event. */
  visitIdleMinutes: 30,
  /** The real-time window. */
  realTimeMinutes: 5,
  /** Pages kept on an enquiry, the last ones read before it. */
  readingPathMax: 50,
  /** How far back the pages read before an enquiry are looked for. */
  readingPathDays: 30,
} as const;

export const analyticsMessages = {
  rangeInvalid: 'Choose a start date on or before the end date',
  rangeTooLong: `Choose a range of ${analyticsLimits.rangeMaxDays} days or less`,
  hourlyTooLong: `Show by hour only for ${analyticsLimits.hourlyMaxDays} days or less`,
  granularityInvalid: 'Show by hour or by day',
} as const;

/**
 * Actions the site reports under two names, as the spec names them (docs/product.md#analytics-dashboard):
 * a first, server-style name and a client name, both sent by the same call in the browser and both
 * stored as sent. The dashboard shows each such action once, under its first name: the visits that
 * sent either name, and the count of the first name (one action, one count; never the sum of both).
 */
export const analyticsActionPairs = [
  ['Contact Form Started', 'contact_form_start'],
  ['Contact Form Submitted', 'contact_form_submit'],
  ['Newsletter Subscribed', 'newsletter_signup'],
  ['Playbook Downloaded', 'playbook_download'],
] as const satisfies readonly (readonly [action: string, clientName: string])[];

/** What the dashboard calls each event (any other name is shown as it is). */
export const analyticsActionLabels: Record<string, string> = {
  'Contact Form Started': 'Contact form started',
  'Contact Form Submitted': 'Contact form sent',
  'Newsletter Subscribed': 'Newsletter sign-up',
  'Playbook Downloaded': 'Playbook download',
  'Blog Post View': 'Article opened',
  blog_post_read: 'Article read (30 s or time on leaving)',
  blog_post_scroll: 'Article scrolled (25/50/75/100 %)',
  'Cookie Consent': 'Cookie banner choice',
  service_page_engagement: 'Service page engagement',
  service_inquiry: 'Service enquiry link',
  studio_visit: 'Studio site visit',
  social_media_click: 'Social media link',
  email_click: 'E-mail link',
  phone_click: 'Phone link',
  page_timing: 'Time on page',
  case_study_index_view: 'Case studies list viewed',
  case_study_view: 'Case study viewed',
  case_study_cta_click: 'Case study call to action',
};

/** The readable label of an event name, or the name itself. */
export function analyticsActionLabel(event: string): string {
  return Object.hasOwn(analyticsActionLabels, event) ? analyticsActionLabels[event] : event;
}

export interface AnalyticsTotals {
  visitors: number;
  visits: number;
  pageViews: number;
  /** Page views per visit, two decimals. */
  viewsPerVisit: number;
  /** Share of visits with a single page view, 0–100, one decimal. */
  bounceRate: number;
  /** Mean visit duration in whole seconds. */
  visitDurationSeconds: number;
}

export interface AnalyticsSeriesPoint {
  /** Start of the bucket, an ISO instant (UK hour or UK day). */
  at: string;
  visitors: number;
  visits: number;
  pageViews: number;
}

export interface AnalyticsRow {
  key: string;
  /** A page title, where the events carried one. */
  label?: string | null;
  visitors: number;
  count: number;
}

export interface AnalyticsFunnel {
  pageView: number;
  formStarted: number;
  enquiry: number;
}

export interface ContentToEnquiryRow {
  path: string;
  title: string | null;
  kind: 'article' | 'case-study';
  /** Visitors who read it. */
  readers: number;
  /** Of them, how many sent an enquiry the same day. */
  enquiries: number;
}

export interface AnalyticsReport {
  range: { from: string; to: string; granularity: AnalyticsGranularity };
  previousRange: { from: string; to: string };
  totals: AnalyticsTotals;
  previousTotals: AnalyticsTotals;
  series: AnalyticsSeriesPoint[];
  previousSeries: AnalyticsSeriesPoint[];
  topPages: AnalyticsRow[];
  entryPages: AnalyticsRow[];
  referrers: AnalyticsRow[];
  campaigns: AnalyticsRow[];
  browsers: AnalyticsRow[];
  systems: AnalyticsRow[];
  devices: AnalyticsRow[];
  events: AnalyticsRow[];
  funnel: AnalyticsFunnel;
  contentToEnquiry: ContentToEnquiryRow[];
}

export interface AnalyticsRealTime {
  visitors: number;
  pageViews: number;
  pages: AnalyticsRow[];
}

/** One page read before an enquiry (only where the visitor consented to analytics). */
export interface EnquiryReadingPage {
  path: string;
  title: string | null;
  readAt: string;
}
