import { contactServiceLabel, formatDate, site } from '@northbeam/common';
import { renderMail } from '../mail/mail-layout.js';
import type { OutgoingMail } from '../mail/mail.repository.js';

/** Tells a staff member that an enquiry is now theirs, with a link to it in the admin. */
export function enquiryAssignedMail(
  publicUrl: string,
  to: string,
  enquiry: { id: string; name: string; email: string; company: string | null; service: string | null },
  assignerName: string,
): OutgoingMail {
  const url = `${publicUrl}/admin/enquiries/${enquiry.id}`;
  const rendered = renderMail({
    preview: `${assignerName} assigned you an enquiry from ${enquiry.name}`,
    heading: 'An enquiry is yours to answer',
    paragraphs: [
      `${assignerName} assigned you the enquiry from ${enquiry.name}.`,
      `${site.name} promises a reply within 48 hours of the enquiry.`,
    ],
    details: [
      { label: 'From', value: `${enquiry.name} <${enquiry.email}>` },
      ...(enquiry.company ? [{ label: 'Company', value: enquiry.company }] : []),
      { label: 'Service', value: contactServiceLabel(enquiry.service) ?? 'Not given' },
    ],
    action: { label: 'Open the enquiry', url },
  });
  return { kind: 'enquiry_assigned', to, subject: `Enquiry assigned to you: ${enquiry.name}`, ...rendered };
}

/**
 * A reply from the inbox to the enquirer: sent from the site's address (the dispatcher's sender).
 * With a connected mailbox (`thread`), `Reply-To` is the enquiry's plus-address on it and the mail
 * carries our Message-ID, so the enquirer's answer comes back onto the enquiry; without one,
 * `Reply-To` is the staff member.
 */
export function enquiryReplyMail(
  enquiry: { name: string; email: string; message: string; createdAt: string },
  author: { name: string; email: string },
  reply: { subject: string; body: string },
  thread?: { replyTo: string; messageId: string },
): OutgoingMail {
  const rendered = renderMail({
    preview: reply.body.slice(0, 120),
    heading: reply.subject,
    paragraphs: reply.body
      .split(/\n{2,}/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
    details: [
      { label: 'From', value: `${author.name}, ${site.name}` },
      {
        label: 'Your message',
        value: enquiry.message.length > 300 ? `${enquiry.message.slice(0, 299)}…` : enquiry.message,
      },
      { label: 'Sent', value: formatDate(enquiry.createdAt, 'd MMM yyyy, HH:mm') },
    ],
    footer: [
      thread
        ? `Reply to this mail to answer ${author.name} and the ${site.name} team.`
        : `Reply to this mail to answer ${author.name} directly.`,
    ],
  });
  return {
    kind: 'enquiry_reply',
    to: enquiry.email,
    subject: reply.subject,
    headers: thread
      ? {
          'Reply-To': replyToHeader({ name: `${author.name} (${site.name})`, email: thread.replyTo }),
          'Message-ID': thread.messageId,
        }
      : { 'Reply-To': replyToHeader(author) },
    ...rendered,
  };
}

/** `"Name" <address>`, the name quoted (RFC 5322) so that commas or brackets in it stay part of it. */
function replyToHeader(author: { name: string; email: string }): string {
  const name = author.name.replace(/[\\"]/g, (character) => `\\${character}`);
  return `"${name}" <${author.email}>`;
}
