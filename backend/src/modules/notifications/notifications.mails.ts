import { notificationKindLabels, site, type NotificationKind } from '@northbeam/common';
import { renderMail } from '../mail/mail-layout.js';
import type { OutgoingMail } from '../mail/mail.repository.js';
import type { Recipient } from './notifications.repository.js';

/** A staff notification's mail: a heading, a few sentences, a link into the admin and how to stop it. */
export function notificationMail(
  kind: NotificationKind,
  recipient: Recipient,
  accountUrl: string,
  content: {
    subject: string;
    heading: string;
    paragraphs: string[];
    details?: { label: string; value: string }[];
    action: { label: string; url: string };
  },
): OutgoingMail {
  const rendered = renderMail({
    preview: content.paragraphs[0] ?? content.heading,
    heading: content.heading,
    paragraphs: content.paragraphs,
    details: content.details,
    action: content.action,
    footer: [
      `You receive this mail as a member of the ${site.name} staff ("${notificationKindLabels[kind].label}").`,
      `Turn it off on your account page: ${accountUrl}`,
    ],
  });
  return { kind, to: recipient.email, subject: content.subject, ...rendered };
}
