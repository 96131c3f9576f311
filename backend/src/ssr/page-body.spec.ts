import { pageAddress, pageBody, withoutModulePreloads } from './page-body.js';

describe('withoutModulePreloads', () => {
  it('drops the modulepreload links and keeps everything else, the entry script included', () => {
    const html = [
      '<head><link rel="stylesheet" href="/assets/app.css"></head><body><div id="root">text</div>',
      '<script src="/assets/entries/entry.js" type="module" async></script>',
      '<link rel="modulepreload" href="/assets/entries/pages_all.js" as="script" type="text/javascript">',
      '<link rel="modulepreload" href="/assets/chunks/chunk-a.js" as="script" type="text/javascript">\n  </body>',
    ].join('');
    expect(withoutModulePreloads(html)).toBe(
      '<head><link rel="stylesheet" href="/assets/app.css"></head><body><div id="root">text</div>' +
        '<script src="/assets/entries/entry.js" type="module" async></script></body>',
    );
    expect(withoutModulePreloads('<p>none</p>')).toBe('<p>none</p>');
  });
});

describe('pageBody', () => {
  it("splices the application's bytes in at the marker, multi-byte characters intact", () => {
    const body = pageBody(
      '<head><title>Café</title></head><body><div id="root"><!--app--></div><script src="/e.js"></script></body>',
      Buffer.from('<h1>We’re hiring — “now”</h1>', 'utf8'),
      '<!--app-->',
    );
    expect(body.toString('utf8')).toBe(
      '<head><title>Café</title></head><body><div id="root"><h1>We’re hiring — “now”</h1></div><script src="/e.js"></script></body>',
    );
  });

  it('returns the document alone when there is no application HTML to splice (a redirect, say)', () => {
    expect(pageBody('<p>moved</p>').toString()).toBe('<p>moved</p>');
  });
});

describe('pageAddress', () => {
  it('keeps the path and query of an origin-form target, without a trailing slash', () => {
    expect(pageAddress('/blog/labs/a-post?utm_source=x')).toBe('/blog/labs/a-post?utm_source=x');
    expect(pageAddress('/about/')).toBe('/about');
    expect(pageAddress('/')).toBe('/');
    expect(pageAddress('/\\evil.example/blog')).toBe('/\\evil.example/blog');
  });

  it('takes only the path and query of an absolute-form target, never its host', () => {
    expect(pageAddress('http://evil.example/')).toBe('/');
    expect(pageAddress('https://evil.example/blog/labs/a-post?x=1')).toBe('/blog/labs/a-post?x=1');
    expect(pageAddress('http://evil.example')).toBe('/');
  });

  it('names no page for a target of any other form', () => {
    expect(pageAddress('*')).toBeNull();
    expect(pageAddress('evil.example/blog')).toBeNull();
    expect(pageAddress('javascript:alert(1)')).toBeNull();
    expect(pageAddress('http://[bad/blog')).toBeNull();
  });
});
