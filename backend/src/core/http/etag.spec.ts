import { encodedEtag, etagOf, ifNoneMatchHolds } from './etag.js';

describe('ifNoneMatchHolds', () => {
  const etag = '"abc123"';

  it('holds for the same tag, its weak form, a list naming it and *', () => {
    expect(ifNoneMatchHolds('"abc123"', etag)).toBe(true);
    expect(ifNoneMatchHolds('W/"abc123"', etag)).toBe(true);
    expect(ifNoneMatchHolds('"other", "abc123"', etag)).toBe(true);
    expect(ifNoneMatchHolds('W/"other",W/"abc123"', etag)).toBe(true);
    expect(ifNoneMatchHolds('*', etag)).toBe(true);
    expect(ifNoneMatchHolds(' * ', etag)).toBe(true);
  });

  it('compares a weak ETag of ours weakly too', () => {
    expect(ifNoneMatchHolds('"abc123"', 'W/"abc123"')).toBe(true);
  });

  it('does not hold for another tag, a tag that only contains it, a missing header or an unquoted one', () => {
    expect(ifNoneMatchHolds('"other"', etag)).toBe(false);
    expect(ifNoneMatchHolds('"abc123-br"', etag)).toBe(false);
    expect(ifNoneMatchHolds('"xabc123"', etag)).toBe(false);
    expect(ifNoneMatchHolds(undefined, etag)).toBe(false);
    expect(ifNoneMatchHolds('', etag)).toBe(false);
    expect(ifNoneMatchHolds('abc123', etag)).toBe(false);
  });
});

describe('encodedEtag', () => {
  it('gives the brotli and gzip copies tags of their own, different from the body and each other', () => {
    const etag = etagOf('body');
    const tags = new Set([etag, encodedEtag(etag, 'br'), encodedEtag(etag, 'gzip')]);
    expect(tags.size).toBe(3);
    expect(encodedEtag(etag, 'br')).toMatch(/^"[^"]+-br"$/);
    expect(encodedEtag(etag, 'gzip')).toMatch(/^"[^"]+-gz"$/);
  });
});
