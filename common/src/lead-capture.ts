import { contactMessageMin } from './contact-rules.js';

/** Shared facts of the contact form, newsletter and playbook (docs/product.md#contact, #lead-capture). */

export const contactServiceOptions = [
  { value: 'consulting', label: 'Consulting' },
  { value: 'labs', label: 'Labs (R&D and IP builds)' },
  { value: 'immersive', label: 'Immersive (XR and CGI)' },
  { value: 'become-consultant', label: 'Become a consultant' },
  { value: 'general', label: 'General enquiry' },
] as const;

export type ContactService = (typeof contactServiceOptions)[number]['value'];

export const contactServiceValues = contactServiceOptions.map<ContactService>((option) => option.value);

/**
 * The forms' first check of an e-mail address before they send it: one @, a dot in the domain, no
 * blanks and no quotes. The server's check is stricter and has the last word.
 */
export function looksLikeEmailAddress(value: string): boolean {
  return /^[^\s@"]+@[^\s@"]+\.[^\s@"]+$/.test(value);
}

export function contactServiceLabel(value: string | null | undefined): string | undefined {
  return contactServiceOptions.find((option) => option.value === value)?.label;
}

/** Where a newsletter subscription came from (docs/product.md#lead-capture). */
export const subscribeSources = [
  'consulting_blog',
  'labs_blog',
  'blog',
  'blog_floating_widget',
  'blog_mobile_hero',
] as const;
export type SubscribeSource = (typeof subscribeSources)[number];

/** How the admin and its exports name each subscribe source. */
export const subscribeSourceLabels: Record<SubscribeSource, string> = {
  consulting_blog: 'Consulting blog',
  labs_blog: 'Labs blog',
  blog: 'Blog',
  blog_floating_widget: 'Blog, floating box',
  blog_mobile_hero: 'Blog, phone header box',
};

/** The label of a stored subscribe source; an unknown one as it is. */
export function subscribeSourceLabel(source: string): string {
  return (subscribeSources as readonly string[]).includes(source)
    ? subscribeSourceLabels[source as SubscribeSource]
    : source;
}

export const leadLimits = {
  nameMax: 200,
  contactMessageMin,
  contactMessageMax: 2000,
  companyMax: 200,
  emailMax: 254,
  pageMax: 200,
  /** A contact form sent sooner than this after the page loaded is taken for a bot. */
  contactMinimumFillMs: 3000,
  turnstileRetryDelayMs: 1000,
  turnstileGlobalCheckDelayMs: 100,
} as const;

/** The token the client's bot-check fallback mode sends; accepted only while no secret is set. */
export const turnstileFallbackToken = 'development-fallback-token';

export const leadMessages = {
  contactSent: "Thanks — we'll get back within 48 hours.",
  contactSentTitle: 'Message sent successfully!',
  contactFailedTitle: 'Failed to send message',
  contactFailed: 'Please try again later or contact us directly.',
  securityFailedTitle: 'Security verification failed',
  securityFailed: 'Please try again.',
  securityRequiredTitle: 'Security verification required',
  securityRequired: 'Please complete the security check before submitting.',
  securityUnavailable: 'The security check could not be completed right now. Please try again in a moment.',
  nameTooLong: 'Name must be 200 characters or less',
  companyTooLong: 'Company must be 200 characters or less',
  messageTooLong: 'Message must be 2000 characters or less',
  serviceInvalid: 'Please choose one of the listed services',
  consentLabel: 'I agree to the Terms of Service and Privacy Policy',
  emailRequiredTitle: 'Email Required',
  subscribeThanks: 'Thanks! Please check your inbox to confirm your subscription.',
  /** POST /api/newsletter/confirm: the confirm page's button. */
  subscriptionConfirmed: 'Subscription confirmed',
  confirmLinkInvalid: 'This confirmation link is not valid.',
  subscribeSuccessTitle: 'Subscription Successful',
  subscribeFailedTitle: 'Subscription Failed',
  subscribeFailed: 'Subscription failed',
  unsubscribed: 'You have been unsubscribed. You will not receive any more newsletters from us.',
  unsubscribeFailed: 'Failed to unsubscribe',
  unsubscribeNetworkError: 'An error occurred. Please try again.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid.',
  /** The answer to an address typed in without a mailed link: the link goes to the inbox itself (known or not, the same words). */
  unsubscribeLinkSentTitle: 'Check your inbox',
  unsubscribeLinkSent:
    'If this address receives our newsletter, we have e-mailed it a link to unsubscribe. Follow that link to finish.',
  playbookSent: 'Your playbook is ready. We have also e-mailed you the link.',
  playbookSuccessTitle: 'Success!',
  playbookSuccess: 'Click the download button below to get your playbook.',
  playbookFailedTitle: 'Failed',
  playbookFailed: 'Failed to submit',
} as const;

/**
 * `GET /api/unsubscribe?email=&token=`: with the token that our mails carry the address is
 * unsubscribed; without one a link carrying it is mailed to the address (docs/product.md#unsubscribe).
 */
export interface UnsubscribeResult {
  message: string;
  outcome: 'unsubscribed' | 'link_sent';
}
