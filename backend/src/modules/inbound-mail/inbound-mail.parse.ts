import type { AddressObject, ParsedMail } from 'mailparser';
import sanitizeHtml from 'sanitize-html';
import type { InboundMailKind } from '@northbeam/common';

/** The token of a reply's Reply-To (`replies+<token>@…`): 24 lower-case letters and digits. */
export const replyTokenPattern = /^[a-z0-9]{24}$/;

function addressesOf(value: AddressObject | AddressObject[] | undefined): { name: string; address: string }[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.flatMap((object) =>
    object.value.flatMap((entry) => [
      ...(entry.address ? [{ name: entry.name ?? '', address: entry.address }] : []),
      ...(entry.group ?? []).flatMap((member) =>
        member.address ? [{ name: member.name ?? '', address: member.address }] : [],
      ),
    ]),
  );
}

function headerText(parsed: ParsedMail, name: string): string {
  const value = parsed.headers.get(name.toLowerCase());
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'value' in value && typeof value.value === 'string') return value.value;
  if (typeof value === 'object' && 'text' in value && typeof value.text === 'string') return value.text;
  return '';
}

/**
 * The reply tokens in the addresses the mail was sent to (To, Cc, Delivered-To, X-Original-To), from
 * the plus part of `local+token@domain` where the local part before `+` is the reply address's own.
 */
export function replyTokens(parsed: ParsedMail, replyAddress: string | undefined): string[] {
  if (!replyAddress) return [];
  const [local, domain] = replyAddress.toLowerCase().split('@');
  const recipients = [
    ...addressesOf(parsed.to).map((entry) => entry.address),
    ...addressesOf(parsed.cc).map((entry) => entry.address),
    ...['delivered-to', 'x-original-to'].flatMap((name) => headerText(parsed, name).split(/[\s,<>]+/)),
  ];
  const tokens = new Set<string>();
  for (const recipient of recipients) {
    const [recipientLocal, recipientDomain] = recipient.toLowerCase().trim().split('@');
    if (!recipientLocal || recipientDomain !== domain) continue;
    const plus = recipientLocal.indexOf('+');
    if (plus < 0 || recipientLocal.slice(0, plus) !== local) continue;
    const token = recipientLocal.slice(plus + 1);
    if (replyTokenPattern.test(token)) tokens.add(token);
  }
  return [...tokens];
}

/** The Message-IDs the mail answers (In-Reply-To, then References), as written (`<…>`). */
export function answeredMessageIds(parsed: ParsedMail): string[] {
  const references = Array.isArray(parsed.references)
    ? parsed.references
    : parsed.references
      ? [parsed.references]
      : [];
  const inReplyTo = parsed.inReplyTo ? parsed.inReplyTo.split(/\s+/) : [];
  return [
    ...new Set([...inReplyTo, ...references].map((id) => id.trim()).filter((id) => id.length > 2 && id.length <= 300)),
  ].slice(0, 50);
}

/**
 * A bounce (a delivery status notification) or an automatic answer (RFC 3834 `Auto-Submitted`,
 * `X-Autoreply`, `X-Autorespond`, `Precedence: auto_reply`), else an answer written by a person.
 */
export function classify(parsed: ParsedMail): InboundMailKind {
  const contentType = headerText(parsed, 'content-type').toLowerCase();
  const from = addressesOf(parsed.from)[0]?.address.toLowerCase() ?? '';
  if (
    (contentType.includes('multipart/report') && contentType.includes('delivery-status')) ||
    parsed.headers.has('x-failed-recipients') ||
    /^(mailer-daemon|postmaster)@/.test(from)
  )
    return 'bounce';
  const autoSubmitted = headerText(parsed, 'auto-submitted').trim().toLowerCase();
  const precedence = headerText(parsed, 'precedence').trim().toLowerCase();
  if (
    (autoSubmitted !== '' && autoSubmitted !== 'no') ||
    parsed.headers.has('x-autoreply') ||
    parsed.headers.has('x-autorespond') ||
    precedence === 'auto_reply'
  )
    return 'auto_reply';
  return 'answer';
}

/** Where the quoted history of an answer starts: "On … wrote:", "-----Original Message-----", or a run of "> " lines. */
const quoteStarts = [
  /^On .{1,300}wrote:\s*$/m,
  /^Le .{1,300}a écrit ?:\s*$/m,
  /^Am .{1,300}schrieb .{1,300}:\s*$/m,
  /^-{2,}\s*Original Message\s*-{2,}\s*$/im,
  /^From: .+\n(?:Sent|Date): .+$/m,
  /^_{10,}\s*$/m,
  /^>.*$/m,
];

/** The new text of an answer and the quoted history after it (kept, shown folded). */
export function splitQuoted(text: string): { text: string; quoted: string } {
  const normalised = text.replace(/\r\n/g, '\n');
  let cut = normalised.length;
  for (const pattern of quoteStarts) {
    const match = pattern.exec(normalised);
    if (match && match.index < cut) cut = match.index;
  }
  const fresh = normalised.slice(0, cut).trim();
  // An answer that is all quote (or quote first, answer below) keeps everything as its text.
  if (fresh === '') return { text: normalised.trim(), quoted: '' };
  return { text: fresh, quoted: normalised.slice(cut).trim() };
}

/**
 * The HTML part made safe to show: structure and text only (no script, style, form, iframe, event
 * handler, remote image or `javascript:` link), links opened in a new tab without a referrer.
 */
export function sanitiseMailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'div',
      'span',
      'b',
      'strong',
      'i',
      'em',
      'u',
      'a',
      'ul',
      'ol',
      'li',
      'blockquote',
      'pre',
      'code',
      'h1',
      'h2',
      'h3',
      'h4',
      'table',
      'thead',
      'tbody',
      'tr',
      'td',
      'th',
      'hr',
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
      }),
    },
  }).trim();
}

export function sender(parsed: ParsedMail): { name: string; address: string } {
  const first = addressesOf(parsed.from)[0] ?? addressesOf(parsed.replyTo)[0];
  return { name: (first?.name ?? '').slice(0, 300), address: (first?.address ?? 'unknown').slice(0, 320) };
}
