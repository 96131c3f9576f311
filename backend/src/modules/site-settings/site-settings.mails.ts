import { site, siteMailboxLabels, type SiteMailbox } from '@northbeam/common';
import { renderMail } from '../mail/mail-layout.js';
import type { OutgoingMail } from '../mail/mail.repository.js';

/** One mailbox moved by a save of the settings. */
export interface MailboxChange {
  mailbox: SiteMailbox;
  from: string;
  to: string;
}

/** "Enquiry mailbox: old@x → new@y", as the activity log and the notices name a change. */
export function mailboxChangeLine(change: MailboxChange): string {
  return `${siteMailboxLabels[change.mailbox]}: ${change.from} → ${change.to}`;
}

function paragraphs(change: MailboxChange, by: string): string[] {
  const what = change.mailbox === 'enquiryInbox' ? 'enquiries from the contact form' : 'privacy mail';
  return [
    `${by} changed the ${siteMailboxLabels[change.mailbox].toLowerCase()} of the ${site.name} site: ${what} now goes to ${change.to} instead of ${change.from}.`,
    'If nobody expected this change, sign in and put the address back in the site settings, and check who changed it in the activity log.',
  ];
}

/** To each super admin (a notice nobody can turn off): what moved, who moved it, where to look. */
export function mailboxChangedStaffMail(
  change: MailboxChange,
  by: string,
  to: string,
  settingsUrl: string,
): OutgoingMail {
  const rendered = renderMail({
    preview: mailboxChangeLine(change),
    heading: `The ${siteMailboxLabels[change.mailbox].toLowerCase()} was changed`,
    paragraphs: paragraphs(change, by),
    details: [
      { label: 'Before', value: change.from },
      { label: 'Now', value: change.to },
      { label: 'Changed by', value: by },
    ],
    action: { label: 'Open the site settings', url: settingsUrl },
    footer: [`Every super admin of the ${site.name} admin receives this notice; it cannot be turned off.`],
  });
  return {
    kind: 'mailbox_changed',
    to,
    subject: `${siteMailboxLabels[change.mailbox]} changed to ${change.to}`,
    ...rendered,
  };
}

/** To the mailbox that stops receiving the mail, so that its readers learn of the move at once. */
export function mailboxChangedOldMailboxMail(change: MailboxChange, by: string): OutgoingMail {
  const rendered = renderMail({
    preview: mailboxChangeLine(change),
    heading: `This address no longer receives the ${site.name} site's ${change.mailbox === 'enquiryInbox' ? 'enquiries' : 'privacy mail'}`,
    paragraphs: paragraphs(change, by),
    details: [
      { label: 'Before', value: change.from },
      { label: 'Now', value: change.to },
    ],
    footer: [`Sent to ${change.from} because it was the site's ${siteMailboxLabels[change.mailbox].toLowerCase()}.`],
  });
  return {
    kind: 'mailbox_changed_old',
    to: change.from,
    subject: `${siteMailboxLabels[change.mailbox]} of the ${site.name} site moved to ${change.to}`,
    ...rendered,
  };
}
