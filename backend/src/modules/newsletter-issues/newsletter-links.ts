import type { NextFunction, Request, Response } from 'express';
import { escapeHtml } from '../mail/mail-layout.js';
import type { RenderedIssue } from './newsletter-issues.mails.js';
import type { NewsletterIssuesService } from './newsletter-issues.service.js';

/**
 * Click counting without following anyone (docs/product.md#newsletter-figures): every web link of a
 * sent issue's text points at `/n/{issue}/{link}` on the site, the same address in every copy (it
 * names the issue by its web version's slug and the link by its place in the mail, never a reader),
 * and that address counts one click on the link and answers 302 to it. No cookie is set, nothing is
 * stored about the click but the link's counter.
 */
export const newsletterLinkPath = /^\/n\/([a-z0-9-]{1,120})\/(\d{1,4})$/;

export function newsletterLinkUrl(siteUrl: string, webSlug: string, index: number): string {
  return `${siteUrl}/n/${webSlug}/${index}`;
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * The rendered issue with each http(s) link of its text going through the site, and the links in
 * the order they first appear (their numbers). Links in `keep` (the web version, counted as a view
 * of it) stay as they are; so do the footers that each copy adds (the reader's unsubscribe link).
 */
export function withTrackedLinks(
  rendered: RenderedIssue,
  siteUrl: string,
  webSlug: string,
  keep: (string | null)[],
): { rendered: RenderedIssue; links: string[] } {
  const links: string[] = [];
  const numberOf = (url: string) => {
    let index = links.indexOf(url);
    if (index === -1) index = links.push(url) - 1;
    return index;
  };
  const htmlHead = rendered.htmlHead.replace(/href="(https?:\/\/[^"]+)"/gi, (whole, escaped: string) => {
    const url = unescapeHtml(escaped);
    if (keep.includes(url)) return whole;
    return `href="${escapeHtml(newsletterLinkUrl(siteUrl, webSlug, numberOf(url)))}"`;
  });
  // The text version names the same addresses: each whole address that is one of the links becomes
  // its tracked one (an address that merely begins with a link's, the web version's, is left alone).
  const textHead = rendered.textHead.replace(/https?:\/\/[^\s<>()"]+/gi, (found: string) => {
    const trailing = /[.,;:!?]+$/.exec(found)?.[0] ?? '';
    const url = found.slice(0, found.length - trailing.length);
    const index = links.indexOf(url);
    return index === -1 ? found : newsletterLinkUrl(siteUrl, webSlug, index) + trailing;
  });
  return { rendered: { ...rendered, htmlHead, textHead }, links };
}

/**
 * A link of the site's own gets the newsletter's campaign tags (utm_source=newsletter,
 * utm_medium=email, utm_campaign=<the issue's slug>) unless it carries tags already, so that the
 * analytics count the visit under the newsletter. Links elsewhere are left exactly as written.
 */
export function withCampaignTags(url: string, siteUrl: string, webSlug: string): string {
  try {
    const target = new URL(url);
    const site = new URL(siteUrl);
    if (target.host !== site.host) return url;
    if ([...target.searchParams.keys()].some((key) => key.startsWith('utm_'))) return url;
    target.searchParams.set('utm_source', 'newsletter');
    target.searchParams.set('utm_medium', 'email');
    target.searchParams.set('utm_campaign', webSlug.replace(/-[0-9a-f]{10}$/, ''));
    return target.toString();
  } catch {
    return url;
  }
}

/** Express middleware mounted before the server-side render: `/n/{issue}/{link}` counts and redirects. */
export function newsletterLinkMiddleware(issues: NewsletterIssuesService) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const match = newsletterLinkPath.exec(request.path);
    if (!match) return next();
    issues.followLink(match[1], Number(match[2]), request.method === 'GET').then(
      (target) => {
        response.setHeader('Cache-Control', 'no-store');
        response.setHeader('Referrer-Policy', 'no-referrer');
        response.setHeader('X-Robots-Tag', 'noindex, nofollow');
        if (!target) {
          response.status(404).type('text/plain').send('This link is not part of a sent newsletter.');
          return;
        }
        response.redirect(302, target);
      },
      (error: unknown) => next(error),
    );
  };
}
