import { parseCustomMetaTags } from './meta-tags.js';

describe('parseCustomMetaTags', () => {
  it('keeps meta tags with a name or property and a content', () => {
    expect(
      parseCustomMetaTags('<meta name="author" content="Helena Marsh">\n<meta property="og:locale" content=\'en_GB\' />'),
    ).toEqual([
      { name: 'author', content: 'Helena Marsh' },
      { property: 'og:locale', content: 'en_GB' },
    ]);
  });

  it('drops scripts, other tags and unknown attributes', () => {
    expect(
      parseCustomMetaTags(
        '<script>alert(1)</script><link rel="stylesheet" href="x"><meta name="x" content="y" onload="alert(1)" http-equiv="refresh">',
      ),
    ).toEqual([{ name: 'x', content: 'y' }]);
  });

  it('ignores tags without content and names that would override the page essentials', () => {
    expect(parseCustomMetaTags('<meta name="robots" content="noindex"><meta name="theme"><meta http-equiv="refresh" content="0;url=https://evil.example">')).toEqual([]);
  });

  it('returns content as text so that markup inside it stays inert', () => {
    expect(parseCustomMetaTags('<meta name="note" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">')).toEqual([
      { name: 'note', content: '"><script>alert(1)</script>' },
    ]);
  });

  it('returns nothing for empty input', () => {
    expect(parseCustomMetaTags(null)).toEqual([]);
    expect(parseCustomMetaTags('')).toEqual([]);
  });
});
