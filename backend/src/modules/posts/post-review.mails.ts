import { site } from '@northbeam/common';
import { renderMail } from '../mail/mail-layout.js';
import type { OutgoingMail } from '../mail/mail.repository.js';

/** To the author of a post an admin sent back from the review queue, with the admin's note. */
export function sentBackMail(
  publicUrl: string,
  to: string,
  post: { id: string; title: string },
  reviewerName: string,
  note: string,
): OutgoingMail {
  const rendered = renderMail({
    preview: `${reviewerName} sent "${post.title}" back with a note`,
    heading: 'Your post needs another look',
    paragraphs: [
      `${reviewerName} reviewed "${post.title}" and sent it back to you as a draft with this note:`,
      note,
      'Make your changes, then submit it for review again.',
    ],
    action: { label: 'Open the post', url: `${publicUrl}/admin/posts/edit/${encodeURIComponent(post.id)}` },
    footer: [`You receive this mail because you wrote this post in the ${site.name} admin.`],
  });
  return { kind: 'post_sent_back', to, subject: `Sent back for changes: ${post.title}`, ...rendered };
}
