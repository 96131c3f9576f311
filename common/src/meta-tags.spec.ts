import {
  allowedMetaTagNames,
  allowedMetaTagProperties,
  customMetaTagsProblem,
  metaTagMessages,
  parseCustomMetaTags,
} from './meta-tags.js';

describe('parseCustomMetaTags', () => {
  it('keeps allowed meta tags with a name or property and a content', () => {
    expect(
      parseCustomMetaTags(
        '<meta name="author" content="Helena Marsh">\n<meta property="og:locale" content=\'en_GB\' />\n<meta name="robots" content="noarchive">',
      ),
    ).toEqual([
      { name: 'author', content: 'Helena Marsh' },
      { property: 'og:locale', content: 'en_GB' },
      { name: 'robots', content: 'noarchive' },
    ]);
  });

  it('drops scripts, other tags, unknown attributes and any tag with http-equiv', () => {
    expect(
      parseCustomMetaTags(
        '<script>alert(1)</script><link rel="stylesheet" href="x"><meta name="author" content="y" onload="alert(1)"><meta name="author" content="z" http-equiv="refresh">',
      ),
    ).toEqual([{ name: 'author', content: 'y' }]);
  });

  it('drops names and properties outside the list, stored before the rule: referrer, og:url, viewport, refresh', () => {
    expect(
      parseCustomMetaTags(
        [
          '<meta name="referrer" content="unsafe-url">',
          '<meta property="og:url" content="https://evil.example/">',
          '<meta name="twitter:url" content="https://evil.example/">',
          '<meta name="viewport" content="width=10">',
          '<meta http-equiv="refresh" content="0;url=https://evil.example">',
          '<meta name="theme">',
          '<meta name="x-custom" content="y">',
        ].join(''),
      ),
    ).toEqual([]);
  });

  it('keeps an image only with an absolute http(s) address', () => {
    expect(
      parseCustomMetaTags(
        [
          '<meta property="og:image" content="javascript:alert(1)">',
          '<meta property="og:image" content="data:image/png;base64,AAAA">',
          '<meta name="twitter:image" content="//evil.example/x.png">',
          '<meta name="twitter:image" content="/relative.png">',
          '<meta property="og:image" content="https://cdn.example.com/cover.png">',
          '<meta name="twitter:image" content="http://cdn.example.com/card.png">',
        ].join(''),
      ),
    ).toEqual([
      { property: 'og:image', content: 'https://cdn.example.com/cover.png' },
      { name: 'twitter:image', content: 'http://cdn.example.com/card.png' },
    ]);
  });

  it('returns content as text so that markup inside it stays inert', () => {
    expect(
      parseCustomMetaTags('<meta name="description" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">'),
    ).toEqual([{ name: 'description', content: '"><script>alert(1)</script>' }]);
  });

  it('returns nothing for empty input', () => {
    expect(parseCustomMetaTags(null)).toEqual([]);
    expect(parseCustomMetaTags('')).toEqual([]);
  });
});

describe('customMetaTagsProblem', () => {
  it('accepts empty markup and every allowed name and property', () => {
    expect(customMetaTagsProblem(null)).toBeNull();
    expect(customMetaTagsProblem('')).toBeNull();
    const markup = [
      ...allowedMetaTagNames
        .slice(0, 10)
        .map((name) => `<meta name="${name}" content="https://cdn.example.com/a.png">`),
      ...allowedMetaTagProperties
        .slice(0, 10)
        .map((property) => `<meta property="${property}" content="https://cdn.example.com/a.png">`),
    ].join('\n');
    expect(customMetaTagsProblem(markup)).toBeNull();
  });

  it('names the tag that is not allowed and lists what is', () => {
    const problem = customMetaTagsProblem(
      '<meta name="author" content="A"><meta name="referrer" content="unsafe-url">',
    );
    expect(problem).toBe(metaTagMessages.notAllowed('referrer'));
    expect(problem).toMatch(
      /^Meta tag "referrer" is not allowed\. Allowed names: description, keywords, .*Allowed properties: og:title, /,
    );
    expect(customMetaTagsProblem('<meta property="og:url" content="https://evil.example/">')).toBe(
      metaTagMessages.notAllowed('og:url'),
    );
  });

  it('refuses http-equiv, charset, a tag without a key or without content', () => {
    expect(customMetaTagsProblem('<meta http-equiv="refresh" content="0;url=https://evil.example">')).toBe(
      metaTagMessages.httpEquiv,
    );
    expect(customMetaTagsProblem('<meta charset="utf-7">')).toBe(metaTagMessages.charset);
    expect(customMetaTagsProblem('<meta content="orphan">')).toBe(metaTagMessages.keyMissing);
    expect(customMetaTagsProblem('<meta name="author">')).toBe(metaTagMessages.contentMissing('author'));
  });

  it('refuses an image address that is not http(s)', () => {
    expect(customMetaTagsProblem('<meta property="og:image" content="javascript:alert(1)">')).toBe(
      metaTagMessages.addressRequired('og:image'),
    );
    expect(customMetaTagsProblem('<meta name="twitter:image" content="data:x">')).toBe(
      metaTagMessages.addressRequired('twitter:image'),
    );
  });

  it('refuses more than 20 tags', () => {
    expect(customMetaTagsProblem('<meta name="author" content="A">'.repeat(21))).toBe(metaTagMessages.tooMany);
    expect(customMetaTagsProblem('<meta name="author" content="A">'.repeat(20))).toBeNull();
  });
});
