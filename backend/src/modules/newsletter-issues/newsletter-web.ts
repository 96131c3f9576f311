import type { NextFunction, Request, Response } from 'express';
import { newsletterIssueMessages, site } from '@northbeam/common';
import { escapeHtml, mailPalette } from '../mail/mail-layout.js';
import type { NewsletterIssuesService } from './newsletter-issues.service.js';

/** Only what the mail's HTML needs: its inline styles, its images and its links; no script at all. */
const webVersionPolicy =
  "default-src 'none'; img-src 'self' https: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const webVersionPath = /^\/newsletter\/([a-z0-9-]{1,120})$/;

function notFoundPage(): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(site.name)}</title></head><body style="font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;padding:48px 16px;text-align:center;color:${mailPalette.ink}"><h1 style="font-size:22px">${escapeHtml(newsletterIssueMessages.webVersionMissing)}</h1><p><a href="/blog" style="color:${mailPalette.beam}">Read the blog</a></p></body></html>`;
}

/**
 * Express middleware mounted before the server-side render: `/newsletter/{slug}` is the public web
 * version of a sent issue, which its mail's "View in browser" link opens. Listed nowhere else (not
 * in the sitemap), never indexed; a view adds one to the issue's count of views, and nothing about the
 * reader is kept. `/newsletter/confirm` (the subscription's
 * confirm page) and everything else pass on untouched.
 */
export function newsletterWebVersionMiddleware(issues: NewsletterIssuesService) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const match = webVersionPath.exec(request.path);
    if (!match || match[1] === 'confirm') return next();
    issues.webVersion(match[1], request.method === 'GET').then(
      (found) => {
        response.setHeader('X-Robots-Tag', 'noindex, nofollow');
        response.setHeader('Content-Security-Policy', webVersionPolicy);
        response.setHeader('Content-Type', 'text/html; charset=utf-8');
        if (!found) {
          response.setHeader('Cache-Control', 'no-store');
          response.status(404).send(notFoundPage());
          return;
        }
        // Each view is counted (docs/product.md#newsletter-figures), so no shared cache answers for the site.
        response.setHeader('Cache-Control', 'private, no-cache');
        response.status(200).send(found.html);
      },
      (error: unknown) => next(error),
    );
  };
}
