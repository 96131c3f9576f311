import { roleLabels, site, staffLimits, type StaffRole } from '@northbeam/common';
import { renderMail } from '../mail/mail-layout.js';
import type { OutgoingMail } from '../mail/mail.repository.js';

/** The invitation: a one-use link, valid 72 hours, where the invitee sets their name and password. */
export function invitationMail(
  publicUrl: string,
  to: string,
  token: string,
  role: StaffRole,
  inviterName: string,
): OutgoingMail {
  const url = `${publicUrl}/admin/invitation/${encodeURIComponent(token)}`;
  const rendered = renderMail({
    preview: `${inviterName} invited you to the ${site.name} admin`,
    heading: `You are invited to the ${site.name} admin`,
    paragraphs: [
      `${inviterName} invited you to join the ${site.name} admin as ${article(roleLabels[role])} ${roleLabels[role].toLowerCase()}.`,
      `Open the link below to choose your name and password. It works once and expires in ${staffLimits.invitationHours} hours.`,
    ],
    action: { label: 'Accept the invitation', url },
    footer: ['If you did not expect this invitation, ignore this mail: no account is created until the link is used.'],
  });
  return { kind: 'staff_invitation', to, subject: `Your invitation to the ${site.name} admin`, ...rendered };
}

/** The password reset link: one use, valid 1 hour. */
export function passwordResetMail(publicUrl: string, to: string, token: string): OutgoingMail {
  const url = `${publicUrl}/admin/reset-password/${encodeURIComponent(token)}`;
  const rendered = renderMail({
    preview: 'A link to choose a new password',
    heading: 'Reset your password',
    paragraphs: [
      `Someone asked to reset the password of the ${site.name} admin account for this address.`,
      `Open the link below to choose a new password. It works once and expires in ${staffLimits.passwordResetMinutes} minutes. Changing the password signs the account out everywhere else.`,
    ],
    action: { label: 'Choose a new password', url },
    footer: ['If you did not ask for this, ignore this mail: your password stays as it is.'],
  });
  return { kind: 'staff_password_reset', to, subject: `Reset your ${site.name} admin password`, ...rendered };
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}
