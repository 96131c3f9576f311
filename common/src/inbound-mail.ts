/**
 * The connected mailbox (`INBOUND_IMAP_URL`, docs/inbound-mail.md): what the enquirers answer to
 * replies sent from the inbox, threaded onto their enquiry, and what matched nothing ("Unmatched").
 */

/** `answer`: written by a person; `auto_reply`: an out-of-office or other automatic answer; `bounce`: a delivery status notification. */
export const inboundMailKinds = ['answer', 'auto_reply', 'bounce'] as const;
export type InboundMailKind = (typeof inboundMailKinds)[number];

export const inboundMailKindLabels: Record<InboundMailKind, string> = {
  answer: 'Answer',
  auto_reply: 'Auto-reply',
  bounce: 'Bounce',
};

export interface InboundMailAttachment {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  /** False when it was larger than `inboundMailLimits.attachmentStoreMaxBytes`: listed, not kept. */
  stored: boolean;
}

/** A mail fetched from the connected mailbox. */
export interface InboundMail {
  id: string;
  kind: InboundMailKind;
  from: { name: string; address: string };
  subject: string;
  /** The mail's own Date header (when the sender sent it), else when it was fetched. */
  sentAt: string;
  /** When the site fetched it. */
  receivedAt: string;
  /** The new text, the quoted history folded away into `quoted`. */
  text: string;
  quoted: string;
  /** The HTML part after the sanitiser (no script, style, event handler or remote image), or null. */
  html: string | null;
  attachments: InboundMailAttachment[];
  /** Set once it is on an enquiry. */
  enquiryId: string | null;
}

/** `GET /api/admin/inbound-mail/status`: the dashboard's mailbox card. */
export interface InboundMailboxStatus {
  /** INBOUND_IMAP_URL is set. */
  configured: boolean;
  /** `ok` after the last poll succeeded, `failing` while it is retried with back-off, `waiting` before the first poll. */
  state: 'off' | 'waiting' | 'ok' | 'failing';
  lastSuccessAt: string | null;
  lastAttemptAt: string | null;
  /** The last failure's sentence (never the password). */
  lastError: string | null;
  failures: number;
  nextAttemptAt: string | null;
  /** Messages in "Unmatched" waiting for an admin. */
  unmatched: number;
}

/** `POST /api/admin/inbound-mail/unmatched/:id/attach`. */
export interface AttachInboundMailRequest {
  enquiryId: string;
}

export const inboundMailLimits = {
  /** An attachment up to this size is stored with the mail; a larger one is listed with its size only. */
  attachmentStoreMaxBytes: 10 * 1024 * 1024,
  /** A whole message above this size is not downloaded: its headers are recorded and it goes to Unmatched. */
  messageMaxBytes: 50 * 1024 * 1024,
  unmatchedPageSize: 15,
  /** Each failed poll waits twice as long as the last, up to this. */
  backoffMaxSeconds: 15 * 60,
} as const;

export const inboundMailMessages = {
  notFound: 'Mail not found in Unmatched',
  enquiryRequired: 'Choose the enquiry to attach this mail to',
  enquiryNotFound: 'Enquiry not found',
  notUnmatched: 'This mail is no longer in Unmatched',
  notConfigured: 'No mailbox is connected: set INBOUND_IMAP_URL',
  tooLarge: 'Larger than the mailbox limit: only its headers were kept',
} as const;
