/**
 * How long each store of personal data is kept (docs/product.md#retention). One source for three
 * readers: the daily purge (backend stores), the privacy page's "How long we keep it" list, and the
 * data map of `/admin/privacy/data-map`. Change a period here and all three change together.
 */
export interface RetentionPeriod {
  years?: number;
  months?: number;
  days?: number;
}

export const retentionPeriods = {
  /** Enquiries (and their staff notes), counted from the message. */
  contactMessages: { years: 3 },
  /**
   * Enquiries under Spam (held back by the form's bot trap, or marked spam by staff), counted from
   * the message: long enough for staff to look through and rescue one, short for what is mostly junk.
   */
  spamEnquiries: { days: 30 },
  /** Analytics events, counted from the event. */
  analyticsEvents: { years: 2 },
  /**
   * Playbook requests, counted from the request. They rest on the requester's consent, so they are kept
   * as long as the consent records that prove consent are (docs/product.md#retention).
   */
  playbookRequests: { years: 2 },
  /** Newsletter sign-ups never confirmed. */
  unconfirmedSubscribers: { days: 30 },
  /** Outbox mails, counted from sending. */
  sentMails: { days: 90 },
  /** Privacy requests never confirmed by their link. */
  unverifiedRequests: { days: 30 },
  /** A ready data export (right of access): its link is valid this long, then it is deleted. */
  accessExports: { days: 7 },
  /** Cookie-banner choices, the proof of consent. */
  consentRecords: { years: 2 },
  /** The staff activity log. */
  staffActivity: { years: 2 },
  /** Rate-limit counters (digests of an address), counted from their window. */
  rateLimitCounters: { days: 1 },
  /** Failed sign-in counters, counted from the last failure. */
  loginAttempts: { days: 1 },
  /** Staff notifications (the bell) once read, counted from their reading. */
  readStaffNotifications: { days: 90 },
  /** Staff notifications nobody read, counted from the notification. */
  unreadStaffNotifications: { years: 1 },
  /** Webhook deliveries (their payloads may name an enquirer or subscriber), counted from the event. */
  webhookDeliveries: { days: 30 },
} satisfies Record<string, RetentionPeriod>;

export type RetentionKey = keyof typeof retentionPeriods;

function unit(amount: number, singular: string): string {
  return amount === 1 ? `a ${singular}` : `${amount} ${singular}s`;
}

/** "3 years", "30 days", "a day": a period in words. */
export function describePeriod(period: RetentionPeriod): string {
  const parts: string[] = [];
  if (period.years) parts.push(unit(period.years, 'year'));
  if (period.months) parts.push(unit(period.months, 'month'));
  if (period.days) parts.push(unit(period.days, 'day'));
  return parts.join(' and ') || 'no time';
}

/** The privacy page's retention list (the visitor's view of the same periods the purge enforces). */
export function privacyRetentionLines(periods: typeof retentionPeriods = retentionPeriods): string[] {
  return [
    `Contact form data: up to ${describePeriod(periods.contactMessages)} after our last contact.`,
    `Contact form messages our spam filter holds back: ${describePeriod(periods.spamEnquiries)}, unless we find they are genuine.`,
    `Analytics data: up to ${describePeriod(periods.analyticsEvents)}.`,
    'Newsletter data: until you unsubscribe, after which we keep only a suppression record so we never email you again.',
    'Analytics cookies: about 2 years in your browser.',
    `Playbook download requests: ${describePeriod(periods.playbookRequests)} after the request.`,
    `Newsletter sign-ups never confirmed: ${describePeriod(periods.unconfirmedSubscribers)}.`,
    `Emails we send you: ${describePeriod(periods.sentMails)} after sending.`,
    `Your cookie choices, kept as proof of your consent: ${describePeriod(periods.consentRecords)}.`,
  ];
}
