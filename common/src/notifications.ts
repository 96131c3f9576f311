/**
 * Staff notifications: each is a mail through the outbox and a line under the admin bar's bell.
 * Each staff member may turn any kind off on `/admin/account` (then neither is written).
 */
export const notificationKinds = [
  'post_submitted',
  'post_sent_back',
  'post_published',
  'post_live',
  'enquiry_assigned',
  'enquiry_waiting',
  'enquiry_answered',
  'enquiry_digest',
  'privacy_request_confirmed',
  'privacy_request_extended',
  'privacy_requests_due',
  'webhook_paused',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * Notices nobody can turn off (the account screen does not offer them): a change to where the site's
 * mail goes is told to every super admin (docs/product.md#site-settings).
 */
export const mandatoryNotificationKinds = ['mailbox_changed'] as const;
export type MandatoryNotificationKind = (typeof mandatoryNotificationKinds)[number];
/** Every kind a bell line or a notification mail may carry. */
export type AnyNotificationKind = NotificationKind | MandatoryNotificationKind;

/** What each kind is, as the account screen offers it. */
export const notificationKindLabels: Record<NotificationKind, { label: string; description: string }> = {
  post_submitted: { label: 'Post submitted for review', description: 'Admins: a post waits in the review queue.' },
  post_sent_back: { label: 'Post sent back', description: 'Your post came back from review with a note.' },
  post_published: { label: 'Post published', description: 'Someone published your post.' },
  post_live: { label: 'Scheduled post live', description: 'Your scheduled post went live.' },
  enquiry_assigned: { label: 'Enquiry assigned to you', description: 'An enquiry is yours to answer.' },
  enquiry_waiting: {
    label: 'Enquiry waiting 24 hours',
    description: 'An enquiry you hold (admins: one nobody holds) is still unanswered after 24 hours.',
  },
  enquiry_answered: {
    label: 'Enquirer answered',
    description: 'The enquirer answered an enquiry you hold (admins: one nobody holds); it is awaiting us again.',
  },
  enquiry_digest: {
    label: 'Morning digest of late enquiries',
    description: 'Admins: each morning, the enquiries at risk of the 48-hour reply promise.',
  },
  privacy_request_confirmed: {
    label: 'Privacy request confirmed',
    description: 'The privacy team: a requester confirmed a deletion or access request; its one-month clock runs.',
  },
  privacy_request_extended: {
    label: 'Privacy request extended',
    description: 'The privacy team: someone else extended the deadline of a privacy request.',
  },
  privacy_requests_due: {
    label: 'Morning digest of privacy deadlines',
    description: 'The privacy team: each morning, the requests due within 7 days or overdue.',
  },
  webhook_paused: {
    label: 'Webhook endpoint paused',
    description: 'Admins: a webhook endpoint failed every delivery for a day and was paused.',
  },
};

/** Kinds only admins and super admins receive (the account screen offers them only to them). */
export const adminOnlyNotificationKinds: readonly NotificationKind[] = [
  'post_submitted',
  'enquiry_digest',
  'webhook_paused',
];

/** Kinds the privacy team receives: every role with every right over the privacy area. */
export const privacyNotificationKinds: readonly NotificationKind[] = [
  'privacy_request_confirmed',
  'privacy_request_extended',
  'privacy_requests_due',
];

/**
 * The kinds a staff member can receive, as the account screen offers them, from their rights in the
 * permission table: posts' kinds with posts, enquiries' with enquiries, the admins' own kinds to
 * those with every right over both, the privacy kinds to the privacy team.
 */
export function notificationKindsFor(permissions: {
  posts: string;
  enquiries: string;
  privacy: string;
}): NotificationKind[] {
  const admin = permissions.posts === 'all' && permissions.enquiries === 'all';
  return notificationKinds.filter((kind) => {
    if (privacyNotificationKinds.includes(kind)) return permissions.privacy === 'all';
    if (adminOnlyNotificationKinds.includes(kind)) return admin;
    if (kind.startsWith('post_')) return permissions.posts !== 'none';
    return permissions.enquiries !== 'none';
  });
}

export const notificationLimits = {
  /** Lines the bell shows at once, newest first. */
  bellPageSize: 10,
  /** An unanswered enquiry's holder is reminded once, this many hours after it arrived. */
  waitingReminderHours: 24,
} as const;

/** A line under the bell (`GET /api/admin/notifications`). */
export interface StaffNotification {
  id: string;
  kind: AnyNotificationKind;
  title: string;
  /** Where opening it leads in the admin (a path). */
  url: string;
  createdAt: string;
  read: boolean;
}

export interface NotificationPage {
  items: StaffNotification[];
  unread: number;
  total: number;
  page: number;
  pageSize: number;
}

/** `GET/PUT /api/admin/account/notifications`: the kinds turned off. */
export interface NotificationPreferences {
  off: NotificationKind[];
}

export const notificationMessages = {
  notFound: 'Notification not found',
  kindInvalid: 'Choose among the listed notifications',
} as const;
