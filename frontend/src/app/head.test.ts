import { describe, expect, it } from 'vitest';
import { fallbackPublicSiteSettings } from '@northbeam/common';
import { renderHeadHtml } from './head';

const render = (meta: { name?: string; property?: string; content: string }[]) =>
  renderHeadHtml(
    { title: 'Field notes', description: 'What we learned.', meta },
    'https://northbeam.example',
    '/blog/labs/field-notes',
    fallbackPublicSiteSettings,
  );

const count = (html: string, needle: string) => html.split(needle).length - 1;

describe('the head tags', () => {
  it("let a post's own social title and image take the place of the defaults, so crawlers see them", () => {
    const html = render([
      { property: 'og:title', content: 'A sharper title' },
      { name: 'twitter:title', content: 'A sharper title' },
      { property: 'og:image', content: 'https://northbeam.example/media/ab/1280.webp' },
    ]);
    expect(count(html, 'property="og:title"')).toBe(1);
    expect(html).toContain('<meta property="og:title" content="A sharper title">');
    expect(count(html, 'name="twitter:title"')).toBe(1);
    expect(count(html, 'property="og:image"')).toBe(1);
    expect(html).toContain('<meta property="og:image" content="https://northbeam.example/media/ab/1280.webp">');
    expect(html).not.toContain('og:image:width');
    // What the post did not set keeps its default.
    expect(html).toContain('<meta property="og:description" content="What we learned.">');
  });

  it('give X only its card type: it reads the title, description and image from the og: tags', () => {
    const html = render([]);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toMatch(/name="twitter:(title|description|image)"/);
    expect(html).toContain(
      '<meta property="og:image" content="https://northbeam.example/api/og-image/blog-labs-field-notes">',
    );
  });

  it('keep every default when the page has no meta tags of its own', () => {
    const html = render([]);
    expect(html).toContain('<meta property="og:title" content="Field notes | ');
    expect(html).toContain('<meta property="og:image:width" content="1200">');
  });

  it("carry the company's block on every page, except where a block of the page names it (a post's publisher)", () => {
    const blocks = (organization?: boolean) =>
      [
        ...renderHeadHtml(
          { title: 'Post', description: 'A post.', organization, jsonLd: [{ '@type': 'BlogPosting' }] },
          'https://northbeam.example',
          '/blog/labs/post',
          fallbackPublicSiteSettings,
        ).matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g),
      ].map((match) => (JSON.parse(match[1]) as { '@type': string })['@type']);
    expect(blocks(undefined)).toEqual(['Organization', 'BlogPosting']);
    expect(blocks(false)).toEqual(['BlogPosting']);
  });
});
