import { site } from '@northbeam/common';
import { renderMail } from '../mail/mail-layout.js';
import type { OutgoingMail } from '../mail/mail.repository.js';

export interface NewsletterLinks {
  confirmUrl: string;
  /** The page with the address filled in. */
  unsubscribePageUrl: string;
  /** RFC 8058 one-click target, signed for this address. */
  oneClickUnsubscribeUrl: string;
}

/** Double opt-in: nothing is sent to the address until its owner follows this link. */
export function newsletterConfirmationMail(email: string, links: NewsletterLinks): OutgoingMail {
  const rendered = renderMail({
    preview: `Confirm your subscription to the ${site.name} newsletter`,
    heading: 'Please confirm your subscription',
    paragraphs: [
      `Someone, hopefully you, asked to receive the ${site.name} newsletter at this address: practical notes on AI, XR and building things that work, a few times a month.`,
      'Confirm with the button below. If you did not ask for it, ignore this mail and you will not hear from us again.',
    ],
    action: { label: 'Confirm subscription', url: links.confirmUrl },
    footer: [`Unsubscribe at any time: ${links.unsubscribePageUrl}`],
  });
  return {
    kind: 'newsletter_confirmation',
    to: email,
    subject: `Confirm your subscription to the ${site.name} newsletter`,
    ...rendered,
    headers: {
      'List-Unsubscribe': `<${links.oneClickUnsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * Asked for on /unsubscribe without a link of ours: the signed link, so that only the inbox's owner
 * can unsubscribe it (docs/product.md#unsubscribe).
 */
export function newsletterUnsubscribeLinkMail(
  email: string,
  links: Pick<NewsletterLinks, 'unsubscribePageUrl' | 'oneClickUnsubscribeUrl'>,
): OutgoingMail {
  const rendered = renderMail({
    preview: `Your link to unsubscribe from the ${site.name} newsletter`,
    heading: 'Unsubscribe from our newsletter',
    paragraphs: [
      `Someone, hopefully you, asked on our website to stop the ${site.name} newsletter at this address.`,
      'Open the link below and press Unsubscribe to finish. If you did not ask, ignore this mail: nothing changes.',
    ],
    action: { label: 'Unsubscribe', url: links.unsubscribePageUrl },
  });
  return {
    kind: 'newsletter_unsubscribe_link',
    to: email,
    subject: `Unsubscribe from the ${site.name} newsletter`,
    ...rendered,
    headers: {
      'List-Unsubscribe': `<${links.oneClickUnsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
