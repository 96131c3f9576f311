import { withCampaignTags, withTrackedLinks } from './newsletter-links.js';

describe('newsletter links', () => {
  const rendered = {
    htmlHead:
      '<a href="https://site.test/">logo</a><p><a href="https://example.org/a?x=1&amp;y=2">A</a> <a href="https://site.test/newsletter/n-0123456789">web</a> <a href="mailto:hi@site.test">mail</a> <a href="https://example.org/a?x=1&amp;y=2">again</a></p>',
    htmlTail: '</body>',
    textHead: 'A: https://example.org/a?x=1&y=2.\nView in browser: https://site.test/newsletter/n-0123456789\n',
    textTail: '',
  };

  it('numbers each distinct web link once, leaves the web version and mailto alone, and rewrites the text the same way', () => {
    const { rendered: tracked, links } = withTrackedLinks(rendered, 'https://site.test', 'n-0123456789', [
      'https://site.test/newsletter/n-0123456789',
    ]);
    expect(links).toEqual(['https://site.test/', 'https://example.org/a?x=1&y=2']);
    expect(tracked.htmlHead).toBe(
      '<a href="https://site.test/n/n-0123456789/0">logo</a><p><a href="https://site.test/n/n-0123456789/1">A</a> <a href="https://site.test/newsletter/n-0123456789">web</a> <a href="mailto:hi@site.test">mail</a> <a href="https://site.test/n/n-0123456789/1">again</a></p>',
    );
    expect(tracked.textHead).toBe(
      'A: https://site.test/n/n-0123456789/1.\nView in browser: https://site.test/newsletter/n-0123456789\n',
    );
  });

  it("tags the site's own links with the newsletter campaign, never a link elsewhere or one already tagged", () => {
    expect(withCampaignTags('https://site.test/labs', 'https://site.test', 'november-notes-0123456789')).toBe(
      'https://site.test/labs?utm_source=newsletter&utm_medium=email&utm_campaign=november-notes',
    );
    expect(withCampaignTags('https://example.org/a', 'https://site.test', 'n-0123456789')).toBe(
      'https://example.org/a',
    );
    expect(withCampaignTags('https://site.test/?utm_source=x', 'https://site.test', 'n-0123456789')).toBe(
      'https://site.test/?utm_source=x',
    );
  });
});
