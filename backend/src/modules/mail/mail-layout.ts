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

/** The one palette of every mail the site sends (transactional and newsletter alike). */
export const mailPalette = {
  ink: '#0b1020',
  paper: '#ffffff',
  mist: '#f4f5f8',
  line: '#e3e6ee',
  beam: '#3b5bfd',
  muted: '#5b6275',
} as const;
const colours = mailPalette;

/** Small print: the footer's lines, in every variant. */
export const mailSmallPrint = `margin:0 0 6px;font-size:12px;line-height:1.5;color:${colours.muted}`;

/**
 * The two variants of the one layout. Transactional mails (receipts, links, notices) are a card with
 * the brand bar and the text; the newsletter adds the logo image linking to the site, a "View in
 * browser" line above the card and room for a full-width hero image, and is built once per issue
 * around each reader's footer (so the frame comes in two halves).
 */
export type MailVariant = 'transactional' | 'newsletter';

export interface MailFrame {
  variant: MailVariant;
  /** The document's title (the heading or the subject). */
  title: string;
  /** Short line shown by mail clients beside the subject. */
  preview: string;
  /** The site's address, for the newsletter's logo link and image. */
  siteUrl?: string;
  /** The newsletter's "View in browser" address. */
  webUrl?: string | null;
  /** Rows of the card between the brand bar and the text (a hero image), as `<tr>…</tr>`. */
  leadRows?: string;
  /** The card's text: heading, paragraphs, blocks. */
  body: string;
  /** A `<meta>` added to the head (the web version's robots rule). */
  extraHead?: string;
}

/**
 * The layout of every mail: tables and inline styles (mail clients drop style sheets), 600 px wide
 * at most and shrinking on a phone. Returns the document up to the footer's content and after it.
 */
export function mailFrame(frame: MailFrame): { head: string; tail: string } {
  const variant = variants[frame.variant];
  const above =
    frame.variant === 'newsletter' && frame.webUrl
      ? `<tr><td align="right" style="padding:0 4px 10px;font-size:12px;color:${colours.muted}"><a href="${escapeHtml(frame.webUrl)}" style="color:${colours.muted}">View in browser</a></td></tr>`
      : '';
  const head = `<!doctype html><html lang="en-GB"><head>${frame.extraHead ?? ''}<meta charset="utf-8">${variant.viewport}<title>${escapeHtml(frame.title)}</title></head>
<body style="margin:0;padding:0;background:${colours.mist};font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif${variant.bodyStyle}">
<span style="display:none;max-height:0;overflow:hidden${variant.previewStyle}">${escapeHtml(frame.preview)}</span>
${variant.open}${above}${variant.card}
${brandBar(frame)}
${frame.leadRows ?? ''}${variant.bodyCell}
${frame.body}
</td></tr>
<tr><td style="${variant.footerCell};border-top:1px solid ${colours.line}">`;
  const tail = `${variant.legal}</td></tr>
${variant.close}</body></html>`;
  return { head, tail };
}

const legalLine = (style: string, withAddress: boolean) =>
  `<p style="${style}">${escapeHtml(site.legalName)}${withAddress ? `, ${escapeHtml(site.registeredAddress)}. Registered` : ', registered'} in ${escapeHtml(site.registeredIn)} (${escapeHtml(site.companyNumber)}).</p>`;

const variants: Record<
  MailVariant,
  {
    viewport: string;
    bodyStyle: string;
    previewStyle: string;
    open: string;
    card: string;
    bodyCell: string;
    footerCell: string;
    legal: string;
    close: string;
  }
> = {
  transactional: {
    viewport: '<meta name="viewport" content="width=device-width">',
    bodyStyle: '',
    previewStyle: '',
    open: `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colours.mist};padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${colours.paper};border-radius:20px;overflow:hidden">`,
    card: '',
    bodyCell: '<tr><td style="padding:32px">',
    footerCell: 'padding:20px 32px',
    legal: legalLine(`margin:0;font-size:12px;color:${colours.muted}`, false),
    close: '</table></td></tr></table>',
  },
  newsletter: {
    viewport:
      '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="x-apple-disable-message-reformatting">',
    bodyStyle: ';-webkit-text-size-adjust:100%',
    previewStyle: ';opacity:0',
    open: `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colours.mist}"><tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
`,
    card: `<tr><td>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colours.paper};border-radius:16px;overflow:hidden">`,
    bodyCell: '<tr><td style="padding:32px">',
    footerCell: 'padding:20px 32px 24px',
    legal: legalLine(`${mailSmallPrint};margin-top:12px`, true),
    close: '</table></td></tr></table></td></tr></table>',
  },
};

/** The brand bar: the name (and, in the newsletter, the logo linking to the site). */
function brandBar(frame: MailFrame): string {
  const name = `${escapeHtml(site.name)}<span style="color:${colours.beam}">.</span>`;
  if (frame.variant === 'transactional')
    return `<tr><td style="background:${colours.ink};padding:22px 32px;color:${colours.paper};font-size:20px;font-weight:700;letter-spacing:-0.01em">${name}</td></tr>`;
  const siteUrl = escapeHtml(frame.siteUrl ?? '');
  return `<tr><td style="background:${colours.ink};padding:18px 32px"><a href="${siteUrl}/" style="text-decoration:none;color:${colours.paper}"><img src="${siteUrl}/logo.png" alt="" width="32" height="32" style="display:inline-block;vertical-align:middle;border:0;border-radius:8px"><span style="display:inline-block;vertical-align:middle;margin-left:10px;font-size:20px;font-weight:700;letter-spacing:-0.01em;color:${colours.paper}">${name}</span></a></td></tr>`;
}

/** Renders a transactional mail in the brand: a plain-text body and the layout's HTML body. */
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
    ? `<p style="margin:8px 0 24px">${mailButton(content.action.label, content.action.url)}</p><p style="margin:0 0 16px;font-size:13px;color:${colours.muted}">Or paste this address into your browser: ${escapeHtml(content.action.url)}</p>`
    : '';
  const footer = content.footer?.length
    ? content.footer.map((line) => `<p style="${mailSmallPrint}">${linkify(line)}</p>`).join('')
    : '';
  const { head, tail } = mailFrame({
    variant: 'transactional',
    title: content.heading,
    preview: content.preview,
    body: `<h1 style="margin:0 0 20px;font-size:24px;line-height:1.3;color:${colours.ink}">${escapeHtml(content.heading)}</h1>
${paragraphs}${content.markup?.html ?? ''}${details}${action}
<p style="margin:24px 0 0;font-size:15px;color:${colours.ink}">${escapeHtml(site.name)}<br><span style="color:${colours.muted}">${escapeHtml(site.tagline)}</span></p>`,
  });
  return { text, html: head + footer + tail };
}

/** The one call-to-action button of every mail. */
export function mailButton(label: string, url: string, extraStyle = ''): string {
  return `<a href="${escapeHtml(url)}" style="display:inline-block;background:${colours.ink};color:${colours.paper};text-decoration:none;font-weight:600;${extraStyle}padding:12px 22px;border-radius:999px">${escapeHtml(label)}</a>`;
}

/** Escapes a footer line and turns its http(s) addresses into links. */
function linkify(line: string): string {
  return escapeHtml(line).replace(
    /https?:\/\/[^\s<]+/g,
    (url) => `<a href="${url}" style="color:${colours.muted}">${url}</a>`,
  );
}
