import { assemblePage, documentFrame, pageAddress, withoutModulePreloads } from './page-body.js';

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

describe('documentFrame and assemblePage', () => {
  const render = () => Promise.resolve({ kind: 'redirect' as const, status: 302, location: '/' });
  const document =
    '<head><meta charset="utf-8"><!--nb:head--></head><body><div id="root"><!--nb:app--></div>' +
    '<script type="application/json"><!--nb:hydration--></script><script src="/e.js"></script>' +
    '<link rel="modulepreload" href="/assets/chunks/a.js" as="script" type="text/javascript"></body>';

  it("puts the page's head, application bytes and hydration data into the frame's slots, multi-byte characters intact", () => {
    const frame = documentFrame(document, render);
    const body = assemblePage(frame, {
      head: '<title>Café</title>',
      app: Buffer.from('<h1>We’re hiring — “now”</h1>', 'utf8'),
      hydration: '{"q":"“now”"}',
    });
    expect(body.toString('utf8')).toBe(
      '<head><meta charset="utf-8"><title>Café</title></head><body><div id="root"><h1>We’re hiring — “now”</h1></div>' +
        '<script type="application/json">{"q":"“now”"}</script><script src="/e.js"></script></body>',
    );
    expect(frame.render).toBe(render);
  });

  it('refuses a document without its slots (a front end built from other sources) instead of serving it', () => {
    expect(() => documentFrame('<head></head><body><div id="root"></div></body>', render)).toThrow(
      "The front end's document has no <!--nb:head--> slot: rebuild the front end.",
    );
    expect(() => documentFrame('<!--nb:app--><!--nb:head--><!--nb:hydration-->', render)).toThrow(
      /no <!--nb:app--> slot/,
    );
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
