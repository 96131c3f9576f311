import { site } from '@northbeam/common';

/** The parts of a branded mail; both the plain-text and the HTML body are built from them. */
export interface MailContent {
  /** Short line shown by mail clients beside the subject. */
  preview: string;
  heading: string;
  paragraphs: string[];
  /** Body already rendered for mail (a newsletter issue's markdown): trusted HTML and its plain text, after the paragraphs. */
  markup?: { html: string; text: string };
  /** A call to action: a button in HTML, a bare address in plain text. */
  action?: { label: string; url: string };
  /** Labelled values, e.g. the fields of a contact message. */
  details?: { label: string; value: string }[];
  /** Small print under the signature, e.g. why the mail was sent and how to unsubscribe. */
  footer?: string[];
}

export interface RenderedMail {
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const colours = {
  ink: '#0b1020',
  paper: '#ffffff',
  mist: '#f4f5f8',
  line: '#e3e6ee',
  beam: '#3b5bfd',
  muted: '#5b6275',
};

/** Renders a mail in the brand: a plain-text body and a table-based HTML body that mail clients display. */
export function renderMail(content: MailContent): RenderedMail {
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.markup ? [content.markup.text, ''] : []),
    ...(content.details?.length ? [...content.details.map((detail) => `${detail.label}: ${detail.value}`), ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    `${site.name}`,
    site.tagline,
    ...(content.footer?.length ? ['', '--', ...content.footer] : []),
  ].join('\n');

  const paragraphs = content.paragraphs
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:${colours.ink}">${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
  const details = content.details?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;border:1px solid ${colours.line};border-radius:12px">${content.details
        .map(
          (detail) =>
            `<tr><td style="padding:10px 14px;font-size:13px;color:${colours.muted};vertical-align:top;width:120px">${escapeHtml(detail.label)}</td><td style="padding:10px 14px;font-size:15px;color:${colours.ink};white-space:pre-wrap">${escapeHtml(detail.value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const action = content.action
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:${colours.ink};color:${colours.paper};text-decoration:none;font-weight:600;padding:12px 22px;border-radius:999px">${escapeHtml(content.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:${colours.muted}">Or paste this address into your browser: ${escapeHtml(content.action.url)}</p>`
    : '';
  const footer = content.footer?.length
    ? content.footer
        .map(
          (line) =>
            `<p style="margin:0 0 6px;font-size:12px;line-height:1.5;color:${colours.muted}">${linkify(line)}</p>`,
        )
        .join('')
    : '';
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:0;background:${colours.mist};font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preview)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colours.mist};padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${colours.paper};border-radius:20px;overflow:hidden">
<tr><td style="background:${colours.ink};padding:22px 32px;color:${colours.paper};font-size:20px;font-weight:700;letter-spacing:-0.01em">${escapeHtml(site.name)}<span style="color:${colours.beam}">.</span></td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 20px;font-size:24px;line-height:1.3;color:${colours.ink}">${escapeHtml(content.heading)}</h1>
${paragraphs}${content.markup?.html ?? ''}${details}${action}
<p style="margin:24px 0 0;font-size:15px;color:${colours.ink}">${escapeHtml(site.name)}<br><span style="color:${colours.muted}">${escapeHtml(site.tagline)}</span></p>
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid ${colours.line}">${footer}<p style="margin:0;font-size:12px;color:${colours.muted}">${escapeHtml(site.legalName)}, registered in ${escapeHtml(site.registeredIn)} (${escapeHtml(site.companyNumber)}).</p></td></tr>
</table></td></tr></table></body></html>`;
  return { text, html };
}

/** Escapes a footer line and turns its http(s) addresses into links. */
function linkify(line: string): string {
  return escapeHtml(line).replace(
    /https?:\/\/[^\s<]+/g,
    (url) => `<a href="${url}" style="color:${colours.muted}">${url}</a>`,
  );
}
