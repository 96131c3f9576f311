import { site } from '@northbeam/common';
import { renderMail } from '../mail/mail-layout.js';
import type { OutgoingMail } from '../mail/mail.repository.js';
import type { MailMarkup } from './markdown-mail.js';

export interface IssueContent {
  id: string;
  subject: string;
  preheader: string;
  markup: MailMarkup;
}

export interface UnsubscribeLinks {
  unsubscribePageUrl: string;
  oneClickUnsubscribeUrl: string;
}

/**
 * One reader's copy of an issue: the issue in the mail layout with that reader's own unsubscribe link,
 * and RFC 8058 one-click headers. No open pixel and no per-reader link rewriting.
 */
export function newsletterIssueMail(
  issue: IssueContent,
  email: string,
  links: UnsubscribeLinks,
  test = false,
): OutgoingMail {
  const rendered = renderMail({
    preview: issue.preheader || issue.subject,
    heading: issue.subject,
    paragraphs: [],
    markup: issue.markup,
    footer: [
      `You are receiving this because ${email} subscribed to the ${site.name} newsletter.`,
      `Unsubscribe: ${links.unsubscribePageUrl}`,
    ],
  });
  return {
    kind: test ? 'newsletter_test' : 'newsletter_issue',
    to: email,
    subject: test ? `[Test] ${issue.subject}` : issue.subject,
    ...rendered,
    headers: {
      'List-Unsubscribe': `<${links.oneClickUnsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...(test ? {} : { newsletterIssueId: issue.id }),
  };
}
