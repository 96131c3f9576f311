import { describe, expect, it } from 'vitest';
import { joinSocialMeta, splitSocialMeta } from './social-meta';

describe("a post's social fields", () => {
  it('are read from and written back to its custom meta tags, the other tags kept as written', () => {
    const markup = [
      '<meta name="robots" content="noarchive">',
      '<meta property="og:title" content="Tom &amp; Jerry">',
      '<meta name="twitter:title" content="Tom &amp; Jerry">',
      '<meta property="og:image" content="https://northbeam.example/media/ab/1280.webp">',
    ].join('\n');
    const social = splitSocialMeta(markup);
    expect(social).toEqual({
      title: 'Tom & Jerry',
      image: 'https://northbeam.example/media/ab/1280.webp',
      rest: '<meta name="robots" content="noarchive">',
    });
    expect(splitSocialMeta(joinSocialMeta({ ...social, title: 'A "new" title' }))).toEqual({
      ...social,
      title: 'A "new" title',
    });
  });

  it('leave a text without them, and any text that is not one tag a line, as it is', () => {
    const markup = '<meta name="referrer" content="unsafe-url">';
    expect(joinSocialMeta(splitSocialMeta(markup))).toBe(markup);
    expect(joinSocialMeta({ title: '', image: '', rest: '' })).toBe('');
  });
});

describe('the custom meta tags text beside the social fields', () => {
  it('keeps a new line being typed at its end', () => {
    const joined = joinSocialMeta({ title: 'Title', image: '', rest: '<meta name="robots" content="noarchive">\n' });
    expect(splitSocialMeta(joined).rest).toBe('<meta name="robots" content="noarchive">\n');
  });
});
