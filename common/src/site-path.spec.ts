import { isSitePath, postSignInPath, resolveSitePath, signInFallbackPath } from './site-path.js';

/** The WHATWG URL parser (common's type check declares no platform). */
declare const URL: new (input: string, base?: string) => { origin: string };

/** Where a browser goes for `location` sent from a page of `origin` (what an attacker needs to change). */
function browserTarget(location: string, origin = 'https://northbeam.test'): { origin: string } {
  return new URL(location, `${origin}/admin/login`);
}

/** Ways of writing "go up a segment", as a browser resolves them. */
const dotDots = ['..', '%2e%2e', '%2E%2E', '%2E.', '.%2e', '%2e.'];
/** Ways of starting another host once the path is resolved. */
const hostStarts = ['//', '/\\', '\\\\', '\\/', '/%5c', '%5c%5c', '/%5C', '/\t/', '/\n/', '/\r/', '\t//', '/\\/'];

/** Hostile redirect values, generated: dot segments before a second slash, host starts, schemes. */
function hostileRedirects(): string[] {
  const values: string[] = [];
  for (const dots of dotDots) {
    for (const slash of ['/', '\\', '%5c', '%5C']) {
      values.push(`/admin/${dots}/${slash}evil.example/phish`);
      values.push(`/admin/${dots}${slash}/evil.example/phish`);
      values.push(`/${dots}/${slash}evil.example`);
      values.push(`/admin/x/${dots}/${dots}/${slash}evil.example`);
    }
  }
  for (const start of hostStarts) {
    values.push(`${start}evil.example/phish`);
    values.push(`/${start}evil.example`);
  }
  values.push(
    '//evil.example',
    '/\\/evil.example',
    '///evil.example',
    'javascript:alert(1)',
    '/javascript:alert(1)/..//evil.example',
    'JaVaScRiPt:alert(1)',
    'https://evil.example/admin',
    'http://evil.example',
    'https:evil.example',
    'evil.example/admin',
    'data:text/html,hi',
    '/adm\tin',
    '/admin\n',
    '/%0a/evil.example',
    '/%09/evil.example',
    '%2F%2Fevil.example',
    '/%2F/evil.example',
    '/%2F%2Fevil.example',
  );
  return values;
}

describe('resolveSitePath', () => {
  it('keeps a path on this site, written as a URL parser writes it', () => {
    expect(resolveSitePath('/admin/posts?page=2')).toBe('/admin/posts?page=2');
    expect(resolveSitePath('/admin/posts/../enquiries#new')).toBe('/admin/enquiries#new');
    expect(resolveSitePath('/admin/%2e%2e/blog')).toBe('/blog');
    expect(resolveSitePath('/case-studies/a b')).toBe('/case-studies/a%20b');
    expect(resolveSitePath('/')).toBe('/');
  });

  it('refuses every generated value that a browser would take off the site, or that holds a control character', () => {
    const values = hostileRedirects();
    expect(values.length).toBeGreaterThan(100);
    for (const value of values) {
      expect({ value, resolved: resolveSitePath(value) }).toEqual({ value, resolved: null });
      expect(isSitePath(value)).toBe(false);
    }
  });
});

describe('postSignInPath', () => {
  it('follows a same-site path, and goes to the admin for a missing one', () => {
    expect(postSignInPath('/admin/posts?section=labs')).toBe('/admin/posts?section=labs');
    expect(postSignInPath(null)).toBe(signInFallbackPath);
    expect(postSignInPath('')).toBe(signInFallbackPath);
    expect(postSignInPath(undefined)).toBe(signInFallbackPath);
  });

  it('never answers a Location that a browser reads as another origin, for every generated hostile redirect', () => {
    for (const value of hostileRedirects()) {
      const location = postSignInPath(value);
      expect({ value, origin: browserTarget(location).origin }).toEqual({ value, origin: 'https://northbeam.test' });
      expect({ value, location }).toEqual({ value, location: signInFallbackPath });
    }
  });

  it('never leaves the site for a dot-segment path followed by any character that starts a host', () => {
    for (const dots of dotDots) {
      for (const code of [0x2f, 0x5c, 0x09, 0x0a, 0x0d]) {
        const value = `/admin/${dots}/${String.fromCharCode(code)}evil.example/phish`;
        expect({ value, origin: browserTarget(postSignInPath(value)).origin }).toEqual({
          value,
          origin: 'https://northbeam.test',
        });
      }
    }
  });
});
