import { site } from '@northbeam/common';
import { renderIssue, newsletterWebVersion } from '../newsletter-issues/newsletter-issues.mails.js';
import { mailPalette, renderMail } from './mail-layout.js';

const issue = {
  id: 'issue-1',
  subject: 'Spring notes',
  preheader: '',
  audience: 'all' as const,
  siteUrl: 'https://northbeam.test',
  hero: null,
  markup: { html: '<p>Body</p>', text: 'Body' },
  card: null,
  webUrl: 'https://northbeam.test/newsletter/spring-notes',
};

/** Colours written in a document's inline styles. */
function coloursIn(html: string): Set<string> {
  return new Set(html.match(/#[0-9a-f]{6}\b/gi)?.map((colour) => colour.toLowerCase()));
}

describe('mail layout', () => {
  const transactional = renderMail({ preview: 'Your link', heading: 'Confirm', paragraphs: ['Hello'] }).html;
  const rendered = renderIssue(issue);
  const newsletter = rendered.htmlHead + rendered.htmlTail;

  it('draws transactional mails and the newsletter from the one palette', () => {
    const palette = new Set<string>(Object.values(mailPalette));
    for (const html of [transactional, newsletter, newsletterWebVersion(issue)])
      for (const colour of coloursIn(html)) expect(palette).toContain(colour);
  });

  it('gives both variants the brand bar, the legal line and a complete document', () => {
    for (const html of [transactional, newsletter]) {
      expect(html).toContain(`${site.name}<span style="color:${mailPalette.beam}">.</span>`);
      expect(html).toContain(`${site.legalName}`);
      expect(html).toContain(`(${site.companyNumber}).</p>`);
      expect(html.startsWith('<!doctype html><html lang="en-GB">')).toBe(true);
      expect(html.endsWith('</body></html>')).toBe(true);
      expect(html.match(/<table/g)?.length).toBe(html.match(/<\/table>/g)?.length);
    }
  });

  it('shows the newsletter its logo and "View in browser", and transactional mails neither', () => {
    expect(newsletter).toContain('src="https://northbeam.test/logo.png"');
    expect(newsletter).toContain('>View in browser</a>');
    expect(transactional).not.toContain('logo.png');
    expect(transactional).not.toContain('View in browser');
  });

  it('keeps the web version out of search engines and without a browser link to itself', () => {
    const web = newsletterWebVersion(issue);
    expect(web).toContain('<head><meta name="robots" content="noindex, nofollow">');
    // The site's icon, so that the tab shows it and browsers do not ask for a missing /favicon.ico.
    expect(web).toContain('<link rel="icon" href="https://northbeam.test/favicon.svg" type="image/svg+xml">');
    expect(web).not.toContain('View in browser');
  });
});
