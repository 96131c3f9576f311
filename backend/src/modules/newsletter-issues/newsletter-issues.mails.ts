import { newsletterAudiencePlaces, site, type NewsletterAudienceName } from '@northbeam/common';
import { escapeHtml, mailButton, mailFrame, mailPalette, mailSmallPrint } from '../mail/mail-layout.js';
import type { OutgoingMail } from '../mail/mail.repository.js';
import { imageTag, type MailImage } from './mail-images.js';
import type { MailMarkup } from './markdown-mail.js';

/** The header of an issue's mail naming the issue (its id), so that a bounce or complaint is counted on it. */
export const newsletterIssueHeader = 'X-Northbeam-Issue';

/** The line of an issue's text where its post card goes (a draft started from a post has it under the introduction). */
export const postCardMarker = '{{post}}';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A post shown as a card: its image, title, excerpt and a button to read it on the site. */
export interface PostCard {
  url: string;
  title: string;
  excerpt: string;
  image: MailImage | null;
}

/** What every copy of an issue shares; built once per send (docs/product.md#budgets: the send path). */
export interface IssueContent {
  id: string;
  subject: string;
  preheader: string;
  audience: NewsletterAudienceName;
  siteUrl: string;
  hero: MailImage | null;
  markup: MailMarkup;
  card: PostCard | null;
  /** The public web version; null before the issue has one (a preview of a new draft). */
  webUrl: string | null;
}

export interface UnsubscribeLinks {
  unsubscribePageUrl: string;
  oneClickUnsubscribeUrl: string;
}

const colours = mailPalette;
const small = mailSmallPrint;

/** An issue rendered up to its reader's footer and after it: each copy only adds the footer. */
export interface RenderedIssue {
  htmlHead: string;
  htmlTail: string;
  textHead: string;
  textTail: string;
}

/**
 * The newsletter's template, the newsletter variant of the one mail layout: the logo, an optional
 * hero image, the text, an optional post card, and a footer with the company's address and the
 * reader's unsubscribe links. No open pixel and no per-reader link rewriting (a sent issue's links
 * go through the site the same for every reader: newsletter-links.ts).
 */
export function renderIssue(issue: IssueContent, extraHead?: string): RenderedIssue {
  const hero = issue.hero
    ? `<tr><td style="padding:0;line-height:0">${imageTag(issue.hero, 'margin:0')}</td></tr>`
    : '';
  // The post card stands where the body's {{post}} line is, or after the text when it has none.
  const card = issue.card ? cardHtml(issue.card) : '';
  const marker = new RegExp(`<p[^>]*>\\s*${escapeRegExp(postCardMarker)}\\s*</p>`);
  const placed = marker.test(issue.markup.html);
  const bodyHtml = placed ? issue.markup.html.replace(marker, () => card) : `${issue.markup.html}${card}`;
  const cardText = issue.card ? [issue.card.title, issue.card.excerpt, `Read the article: ${issue.card.url}`] : [];
  const textLines = issue.markup.text.split('\n');
  const markerLine = textLines.findIndex((line) => line.trim() === postCardMarker);
  if (markerLine !== -1) textLines.splice(markerLine, 1, ...cardText);
  const { head, tail } = mailFrame({
    variant: 'newsletter',
    title: issue.subject,
    preview: issue.preheader || issue.subject,
    siteUrl: issue.siteUrl,
    webUrl: issue.webUrl,
    leadRows: hero,
    extraHead,
    body: `<h1 style="margin:0 0 20px;font-size:26px;line-height:1.25;color:${colours.ink}">${escapeHtml(issue.subject)}</h1>
${bodyHtml}`,
  });
  const textHead = [
    issue.subject,
    '',
    textLines.join('\n'),
    ...(issue.card && markerLine === -1 ? ['', ...cardText] : []),
    ...(issue.webUrl ? ['', `View in browser: ${issue.webUrl}`] : []),
    '',
    '--',
  ].join('\n');
  const textTail = `${site.legalName}, ${site.registeredAddress}. Registered in ${site.registeredIn} (${site.companyNumber}).`;
  return { htmlHead: head, htmlTail: tail, textHead, textTail };
}

function cardHtml(card: PostCard): string {
  const image = card.image
    ? `<tr><td style="padding:0;line-height:0">${imageTag(card.image, 'margin:0')}</td></tr>`
    : '';
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 8px;border:1px solid ${colours.line};border-radius:12px;overflow:hidden">
${image}<tr><td style="padding:20px 22px">
<h2 style="margin:0 0 8px;font-size:20px;line-height:1.3;color:${colours.ink}"><a href="${escapeHtml(card.url)}" style="color:${colours.ink};text-decoration:none">${escapeHtml(card.title)}</a></h2>
<p style="margin:0 0 18px;font-size:15px;line-height:1.6;color:${colours.muted}">${escapeHtml(card.excerpt)}</p>
${mailButton('Read the article', card.url, 'font-size:15px;')}
</td></tr></table>`;
}

/** Why this reader gets the mail: where their audience signed up, when the issue went to one audience. */
function reason(issue: IssueContent, email: string): string {
  const place = issue.audience === 'all' ? '' : ` on ${newsletterAudiencePlaces[issue.audience]}`;
  return `You are receiving this because ${email} subscribed to the ${site.name} newsletter${place}.`;
}

/**
 * One reader's copy of an issue: the rendered issue with that reader's own unsubscribe link, and
 * RFC 8058 one-click headers. The test copy is the same mail, its subject marked [Test].
 */
export function newsletterIssueMail(
  issue: IssueContent,
  rendered: RenderedIssue,
  email: string,
  links: UnsubscribeLinks,
  test = false,
): OutgoingMail {
  const why = reason(issue, email);
  const footerHtml = `<p style="${small}">${escapeHtml(why)}</p><p style="${small}"><a href="${escapeHtml(links.unsubscribePageUrl)}" style="color:${colours.muted}">Unsubscribe</a>${issue.webUrl ? ` · <a href="${escapeHtml(issue.webUrl)}" style="color:${colours.muted}">View in browser</a>` : ''}</p>`;
  return {
    kind: test ? 'newsletter_test' : 'newsletter_issue',
    to: email,
    subject: test ? `[Test] ${issue.subject}` : issue.subject,
    html: rendered.htmlHead + footerHtml + rendered.htmlTail,
    text: `${rendered.textHead}\n${why}\nUnsubscribe: ${links.unsubscribePageUrl}\n${rendered.textTail}`,
    headers: {
      'List-Unsubscribe': `<${links.oneClickUnsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // Names the issue, never the reader: a bounce or complaint that quotes the headers is counted on it.
      ...(test ? {} : { [newsletterIssueHeader]: issue.id }),
    },
    ...(test ? {} : { newsletterIssueId: issue.id }),
  };
}

/** The public web version: the issue as mailed, without a reader (no unsubscribe link of anybody's). */
export function newsletterWebVersion(issue: IssueContent): string {
  // The site's icon, as every page of the site has it (a browser would otherwise ask for /favicon.ico).
  const rendered = renderIssue(
    { ...issue, webUrl: null },
    `<meta name="robots" content="noindex, nofollow"><link rel="icon" href="${escapeHtml(issue.siteUrl)}/favicon.svg" type="image/svg+xml">`,
  );
  const footer = `<p style="${small}">The web version of an issue of the ${escapeHtml(site.name)} newsletter. <a href="${escapeHtml(issue.siteUrl)}/blog" style="color:${colours.muted}">Read the blog and subscribe</a>.</p>`;
  return rendered.htmlHead + footer + rendered.htmlTail;
}
