import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('serves on port 3000 with development fallbacks when nothing is set', () => {
    const config = loadConfig({}, { sessionSecret: 'x'.repeat(32), pgliteDir: 'memory://' });
    expect(config.port).toBe(3000);
    expect(config.production).toBe(false);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.fallbacks.join('\n')).toMatch(/embedded PostgreSQL/);
  });

  it('requires two-factor sign-in of every staff member by default in production only (STAFF_2FA)', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      TURNSTILE_SECRET: 't',
      PUBLIC_URL: 'https://northbeam.example',
      DATABASE_URL: 'postgres://app@db:5432/site',
    };
    expect(loadConfig(production).staffTwoFactor).toBe('required');
    expect(loadConfig({ ...production, STAFF_2FA: 'admins' }).staffTwoFactor).toBe('admins');
    expect(loadConfig({}, { sessionSecret: 'x'.repeat(32), pgliteDir: 'memory://' }).staffTwoFactor).toBe('optional');
    expect(() => loadConfig({ STAFF_2FA: 'sometimes' }, { sessionSecret: 'x'.repeat(32) })).toThrow(
      /STAFF_2FA must be required, admins or optional/,
    );
  });

  it('serves the API reference outside production, and in production only with API_DOCS=on', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      TURNSTILE_SECRET: 't',
      PUBLIC_URL: 'https://northbeam.example',
      DATABASE_URL: 'postgres://app@db:5432/site',
    };
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'on' }).apiDocs).toBe(true);
    const development = { sessionSecret: 'x'.repeat(32), pgliteDir: 'memory://' };
    expect(loadConfig({}, development).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'off' }, development).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'yes' }, development)).toThrow(/API_DOCS must be on or off/);
  });

  it('refuses private webhook targets unless WEBHOOK_ALLOW_PRIVATE=true', () => {
    const base = { sessionSecret: 'x'.repeat(32), pgliteDir: 'memory://' };
    expect(loadConfig({}, base).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }, base).webhookAllowPrivate).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'false' }, base).webhookAllowPrivate).toBe(false);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'yes' }, base)).toThrow(
      'WEBHOOK_ALLOW_PRIVATE must be true or false',
    );
  });

  it('refuses bad values, naming every problem', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://nope',
        SMTP_URL: 'http://mail',
        CONTACT_INBOX: 'not-an-email',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT must be a whole number/);
    expect(problems).toMatch(/DATABASE_URL must start with postgres/);
    expect(problems).toMatch(/SMTP_URL must start with smtp/);
    expect(problems).toMatch(/CONTACT_INBOX must be an e-mail address/);
  });

  it('requires the secrets and the public address in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SESSION_SECRET is required[\s\S]*TURNSTILE_SECRET is required[\s\S]*PUBLIC_URL is required/,
    );
  });

  it('refuses production on the embedded database, naming DATABASE_URL among the other problems', () => {
    const complete = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://www.example.com/',
      SESSION_SECRET: 's'.repeat(40),
      TURNSTILE_SECRET: 'secret',
    };
    expect(() => loadConfig(complete)).toThrow('DATABASE_URL is required when NODE_ENV=production');
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SESSION_SECRET is required[\s\S]*DATABASE_URL is required when NODE_ENV=production/,
    );
  });

  it('accepts a complete production environment', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://www.example.com/',
      SESSION_SECRET: 's'.repeat(40),
      TURNSTILE_SECRET: 'secret',
      DATABASE_URL: 'postgres://app@db:5432/site',
    });
    expect(config.production).toBe(true);
    expect(config.publicUrl).toBe('https://www.example.com');
    expect(config.fallbacks).toEqual(['mail written to the log instead of sent']);
  });

  it('runs several workers only on a database server, and the page cache can be switched off', () => {
    const base = { SESSION_SECRET: 's'.repeat(40), DATABASE_URL: 'postgres://app@db:5432/site' };
    expect(loadConfig(base).workers).toBe(1);
    expect(loadConfig(base).htmlCache).toBe(true);
    const tuned = loadConfig({ ...base, WEB_CONCURRENCY: '2', HTML_CACHE: 'off' });
    expect(tuned.workers).toBe(2);
    expect(tuned.htmlCache).toBe(false);
    expect(() => loadConfig({ SESSION_SECRET: 's'.repeat(40), WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY above 1 needs DATABASE_URL/,
    );
    expect(() => loadConfig({ ...base, WEB_CONCURRENCY: 'many', HTML_CACHE: 'maybe' })).toThrow(
      /WEB_CONCURRENCY must be a whole number from 1 to 32[\s\S]*HTML_CACHE must be on or off/,
    );
  });

  it('believes no forwarded address by default and takes TRUST_PROXY as a count of proxies, refusing anything else', () => {
    const base = { SESSION_SECRET: 's'.repeat(40) };
    expect(loadConfig(base).trustProxyHops).toBe(0);
    expect(loadConfig({ ...base, TRUST_PROXY: '' }).trustProxyHops).toBe(0);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxyHops).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: ' 2 ' }).trustProxyHops).toBe(2);
    for (const bad of ['true', 'loopback', '-1', '1.5', '11', '0x1', '1e1']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad })).toThrow(
        /TRUST_PROXY must be the number of proxies in front of the site, a whole number from 0 to 10/,
      );
    }
  });

  it('declares no shared cache by default and validates the CDN settings', () => {
    const base = { SESSION_SECRET: 's'.repeat(40) };
    expect(loadConfig(base)).toMatchObject({
      cdnMaxAgeSeconds: 0,
      cdnStaleWhileRevalidateSeconds: 0,
      cdnPurgeUrl: undefined,
    });
    expect(
      loadConfig({
        ...base,
        CDN_MAX_AGE: '300',
        CDN_STALE_WHILE_REVALIDATE: '30',
        CDN_PURGE_URL: 'http://cdn/',
      }),
    ).toMatchObject({ cdnMaxAgeSeconds: 300, cdnStaleWhileRevalidateSeconds: 30, cdnPurgeUrl: 'http://cdn/' });
    expect(() =>
      loadConfig({ ...base, CDN_MAX_AGE: 'ten', CDN_STALE_WHILE_REVALIDATE: '-1', CDN_PURGE_URL: 'varnish' }),
    ).toThrow(
      /CDN_MAX_AGE must be a whole number of seconds from 0 to 86400[\s\S]*CDN_STALE_WHILE_REVALIDATE must be a whole number of seconds from 0 to 86400[\s\S]*CDN_PURGE_URL must be an http\(s\) address/,
    );
  });

  it('routes enquiry notifications by service interest (ENQUIRY_ROUTES) and refuses a malformed route, naming it', () => {
    const base = { SESSION_SECRET: 's'.repeat(40) };
    expect(loadConfig(base).enquiryRoutes).toEqual({});
    expect(
      loadConfig({
        ...base,
        ENQUIRY_ROUTES: ' consulting=consulting@northbeam.example , labs = labs@northbeam.example,',
      }).enquiryRoutes,
    ).toEqual({ consulting: 'consulting@northbeam.example', labs: 'labs@northbeam.example' });
    let error: unknown;
    try {
      loadConfig({
        ...base,
        ENQUIRY_ROUTES:
          'astrology=stars@example.com,labs=not-an-address,immersive,general=a@example.com,general=b@example.com',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'ENQUIRY_ROUTES: "astrology" is not a service interest (use consulting, labs, immersive, become-consultant, general)',
      'ENQUIRY_ROUTES: "labs=not-an-address" must be service=inbox with an e-mail address after "="',
      'ENQUIRY_ROUTES: "immersive" must be service=inbox with an e-mail address after "="',
      'ENQUIRY_ROUTES: "general" is routed twice',
    ]);
  });
});
