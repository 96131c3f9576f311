import { contactServiceLabel, site } from '@northbeam/common';
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
