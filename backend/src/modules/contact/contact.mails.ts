import { contactServiceLabel, leadMessages, site, type PublicSiteSettings } from '@northbeam/common';
import { renderMail } from '../mail/mail-layout.js';
import type { OutgoingMail } from '../mail/mail.repository.js';
import type { NewContactMessage } from './contact.repository.js';

/**
 * The company inbox's copy of an enquiry, pointing at its record in the admin inbox (where it is
 * assigned and answered, and where the enquirer's answers arrive). It carries no address that would
 * send an answer around the record: no Reply-To the sender, no sender's address in the text.
 */
export function contactNotificationMail(inbox: string, message: NewContactMessage, enquiryUrl: string): OutgoingMail {
  const service = contactServiceLabel(message.service) ?? 'Not specified';
  const rendered = renderMail({
    preview: `${message.name} wrote about ${service}`,
    heading: `New enquiry from ${message.name}`,
    paragraphs: [
      'A visitor sent the contact form on the website. Answer it in the inbox: your reply and their answers stay on the enquiry.',
    ],
    details: [
      { label: 'Name', value: message.name },
      { label: 'Company', value: message.company ?? 'Not given' },
      { label: 'Service', value: service },
      { label: 'Message', value: message.message },
    ],
    action: { label: 'Answer it in the inbox', url: enquiryUrl },
    footer: ['The sender agreed to the Terms of Service and Privacy Policy.'],
  });
  return {
    kind: 'contact_notification',
    to: inbox,
    subject: `New enquiry: ${service} — ${message.name}`.slice(0, 300),
    ...rendered,
    // Not an address a mail client answers to: it lets erasure find this copy by the sender's address.
    headers: { 'X-Northbeam-Enquirer': message.email },
  };
}

/** The sender's receipt, repeating what they wrote. */
/** `contact`: the public contact details of the site settings, which the footer names. */
export function contactReceiptMail(
  message: NewContactMessage,
  contact: Pick<PublicSiteSettings, 'email' | 'privacyEmail' | 'phone'>,
): OutgoingMail {
  const rendered = renderMail({
    preview: leadMessages.contactSent,
    heading: `Thanks for getting in touch, ${message.name}`,
    paragraphs: [
      `We have received your message and a member of the ${site.name} team will reply within 48 hours.`,
      'For your records, this is what you sent:',
    ],
    details: [
      { label: 'Service', value: contactServiceLabel(message.service) ?? 'Not specified' },
      { label: 'Message', value: message.message },
    ],
    footer: [
      `You receive this mail because this address was entered in the contact form of ${site.name}. If that was not you, ignore it or write to ${contact.privacyEmail}.`,
    ],
  });
  return {
    kind: 'contact_receipt',
    to: message.email,
    subject: `We received your message — ${site.name}`,
    ...rendered,
  };
}
