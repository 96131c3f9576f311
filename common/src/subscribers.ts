/** The subscribers and playbook requests screens of the admin: what the browser and the server share. */

/** A newsletter address is pending until its owner confirms, then confirmed, until they unsubscribe. */
export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

export const subscriberStatusLabels: Record<SubscriberStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

export const leadListLimits = {
  listPageSize: 15,
  searchMax: 200,
} as const;

/** A row of `/admin/subscribers` (`GET /api/admin/subscribers?page=&status=&q=`). */
export interface SubscriberSummary {
  id: string;
  email: string;
  status: SubscriberStatus;
  /** The sign-up form it came from (a subscribe source), when known. */
  source: string | null;
  /** The page the form was on, when known. */
  page: string | null;
  subscribedAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  /** Bounces (hard and soft) and complaints that reached the connected mailbox. */
  bounces: number;
  complaints: number;
  /** Why issues are no longer sent to the address: a hard bounce or a complaint; null when they are. */
  blocked: 'hard_bounce' | 'complaint' | null;
  /** What the staff member who asked may do with this subscriber (`subscriberActions`). */
  actions: SubscriberAction[];
}

export const subscriberActionNames = ['remove'] as const;
export type SubscriberAction = (typeof subscriberActionNames)[number];

/** `GET /api/admin/subscribers/counts`. */
export type SubscriberCounts = Record<SubscriberStatus, number>;

/** A row of `/admin/playbook` (`GET /api/admin/playbook-requests?page=&from=&to=&q=`). */
export interface PlaybookRequestSummary {
  id: string;
  email: string;
  page: string | null;
  createdAt: string;
}

/** The columns of `GET /api/admin/subscribers.csv`, in order. */
export const subscriberCsvColumns = [
  'Email',
  'Status',
  'Source',
  'Page',
  'Subscribed',
  'Confirmed',
  'Unsubscribed',
] as const;

/** The columns of `GET /api/admin/playbook-requests.csv`, in order. */
export const playbookRequestCsvColumns = ['Requested', 'Email', 'Page'] as const;

/** User-facing sentences of the two screens (exact). */
export const leadListMessages = {
  subscriberNotFound: 'Subscriber not found',
  statusInvalid: 'Choose one of the listed states',
  searchTooLong: `Search must be ${leadListLimits.searchMax} characters or less`,
  subscriberRemoved: (email: string) => `${email} was removed and will not be mailed again`,
} as const;

/**
 * How the activity log names an address it must not keep in full: the first character of the local
 * part and the domain (`a…@example.com`).
 */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '…';
  return `${email[0]}…${email.slice(at)}`;
}
