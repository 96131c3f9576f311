import { site } from '@northbeam/common';
import { renderMail } from '../mail/mail-layout.js';
import type { OutgoingMail } from '../mail/mail.repository.js';

export function playbookLinkMail(email: string, downloadUrl: string): OutgoingMail {
  const rendered = renderMail({
    preview: 'Your copy of the SME AI Adoption Playbook',
    heading: 'Your SME AI Adoption Playbook',
    paragraphs: [
      'Thanks for asking for the playbook. It walks through how small and medium businesses pick, prototype and roll out AI without a six-month slide deck.',
      'Download it with the button below. When you want to talk through your own first build, reply to this mail.',
    ],
    action: { label: 'Download the playbook', url: downloadUrl },
    footer: [
      `You receive this one mail because this address was entered in the playbook form of ${site.name}. We do not add it to any list.`,
    ],
  });
  return { kind: 'playbook_link', to: email, subject: `Your SME AI Adoption Playbook from ${site.name}`, ...rendered };
}
