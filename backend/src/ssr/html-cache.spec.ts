import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { etagOf } from '../core/http/etag.js';
import { HtmlCache, type CachedPage } from './html-cache.js';

const page = (html: string, version = 1): CachedPage => {
  const body = Buffer.from(html);
  return { status: 200, headers: [], body, etag: etagOf(body), version, keys: [] };
};

describe(HtmlCache.name, () => {
  it('serves a page stored for the current content version', () => {
    const cache = new HtmlCache();
    cache.set('/about', page('<p>about</p>'));
    expect(cache.get('/about', 1)?.body.toString()).toBe('<p>about</p>');
  });

  it('drops a page once the content version moves on', () => {
    const cache = new HtmlCache();
    cache.set('/blog', page('<p>old list</p>', 1));
    expect(cache.get('/blog', 2)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('gives different bodies different ETags', () => {
    expect(etagOf('a')).not.toBe(etagOf('b'));
    expect(etagOf('a')).toBe(etagOf('a'));
  });

  it('keeps gzip and brotli copies of a stored page that decompress to its body', () => {
    const cache = new HtmlCache();
    const body = '<main>' + 'premium agency '.repeat(200) + '</main>';
    cache.set('/', page(body));
    const stored = cache.get('/', 1);
    expect(gunzipSync(stored!.gzip).toString('utf8')).toBe(body);
    expect(brotliDecompressSync(stored!.br).toString('utf8')).toBe(body);
    expect(stored!.br.length).toBeLessThan(body.length / 10);
  });
});
