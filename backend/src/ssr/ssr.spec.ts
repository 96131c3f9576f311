import { withoutModulePreloads } from './ssr.js';

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
