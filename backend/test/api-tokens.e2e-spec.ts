import { createHash } from 'node:crypto';
import {
  apiTokenMessages,
  apiTokenPattern,
  messages,
  staffMessages,
  type ApiToken,
  type CreatedApiToken,
} from '@northbeam/common';
import { ApiTokensService } from '../src/modules/api-tokens/api-tokens.service.js';
import { createStaff, signedInAgent, staffPassword } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const hookTimeoutMs = 120_000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;

const draft = {
  title: 'Written by a script',
  slug: 'written-by-a-script',
  excerpt: 'A draft from the CRM.',
  body: 'Body text here.',
  section: 'labs',
};

describe('API tokens', () => {
  let testApp: TestApp;
  let superAdmin: Agent;
  let superAdminId: string;

  async function createToken(
    agent: Agent,
    body: Record<string, unknown> = { name: 'CRM sync', role: 'consultant', expiresInDays: 90 },
  ): Promise<CreatedApiToken> {
    const response = await agent.post('/api/admin/api-tokens').send(body);
    expect(response.status).toBe(201);
    return response.body as CreatedApiToken;
  }

  const withToken = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false } });
    superAdminId = (await createStaff(testApp, 'super_admin')).id;
    await createStaff(testApp, 'admin');
    superAdmin = await signedInAgent(testApp, 'super-admin@northbeam.example');
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  it('shows a new token once, keeps only its SHA-256, and lists it without the token', async () => {
    const created = await createToken(superAdmin);
    expect(created.message).toBe(apiTokenMessages.created);
    expect(created.token).toMatch(apiTokenPattern);
    expect(created.apiToken).toMatchObject({
      name: 'CRM sync',
      role: 'consultant',
      status: 'active',
      hint: created.token.slice(0, 8),
      createdBy: { id: superAdminId, name: 'Test super_admin' },
      lastUsedAt: null,
      revokedAt: null,
      actions: ['revoke'],
    });
    const days = (new Date(created.apiToken.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    const [row] = await testApp.dataSource.query<{ token_hash: string }[]>(
      `SELECT "token_hash" FROM "api_tokens" WHERE "id" = $1`,
      [created.apiToken.id],
    );
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    const everything = JSON.stringify(await testApp.dataSource.query(`SELECT * FROM "api_tokens"`));
    expect(everything).not.toContain(created.token);

    const list = await superAdmin.get('/api/admin/api-tokens');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 1, pageSize: 15 });
    expect((list.body.items as ApiToken[]).map((token) => token.id)).toContain(created.apiToken.id);
    expect(JSON.stringify(list.body)).not.toContain(created.token);
  });

  it('pages the list on the server, 15 a page, newest first', async () => {
    for (let index = 0; index < 16; index += 1)
      await createToken(superAdmin, { name: `Bulk ${index}`, role: 'admin', expiresInDays: 30 });
    const first = await superAdmin.get('/api/admin/api-tokens');
    expect(first.body.items).toHaveLength(15);
    expect(first.body.items[0].name).toBe('Bulk 15');
    const second = await superAdmin.get('/api/admin/api-tokens?page=2');
    expect(second.body.total).toBe(first.body.total);
    expect(second.body.items.length).toBe(first.body.total - 15);
  });

  it('refuses a token without a name, role or expiry, or with a date outside the next year, in sentences', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ role: 'admin', expiresInDays: 30 }, apiTokenMessages.nameRequired],
      [{ name: 'x'.repeat(61), role: 'admin', expiresInDays: 30 }, apiTokenMessages.nameTooLong],
      [{ name: 'A', role: 'owner', expiresInDays: 30 }, apiTokenMessages.roleInvalid],
      [{ name: 'A', role: 'admin' }, apiTokenMessages.expiryRequired],
      [{ name: 'A', role: 'admin', expiresInDays: 7 }, apiTokenMessages.expiryInvalid],
      [{ name: 'A', role: 'admin', expiresOn: '2001-01-01' }, apiTokenMessages.expiryDateInvalid],
      [{ name: 'A', role: 'admin', expiresOn: '2999-01-01' }, apiTokenMessages.expiryDateInvalid],
      [{ name: 'A', role: 'admin', expiresOn: 'tomorrow' }, apiTokenMessages.expiryDateInvalid],
    ];
    for (const [body, sentence] of cases) {
      const response = await superAdmin.post('/api/admin/api-tokens').send(body);
      expect({ body, status: response.status, error: response.body.error }).toEqual({
        body,
        status: 400,
        error: sentence,
      });
    }
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const dated = await createToken(superAdmin, { name: 'Dated', role: 'admin', expiresOn: tomorrow });
    expect(dated.apiToken.expiresAt).toBe(new Date(Date.parse(`${tomorrow}T00:00:00Z`) + 86_400_000).toISOString());
  });

  it('lets a consultant token create a draft as its creator, named in the activity log, but not publish', async () => {
    const { token, apiToken } = await createToken(superAdmin);
    const created = await testApp.request().post('/api/admin/posts').set(withToken(token)).send(draft);
    expect(created.status).toBe(201);
    expect(created.headers['set-cookie']).toBeUndefined();
    const [post] = await testApp.dataSource.query<{ status: string; created_by_id: string }[]>(
      `SELECT "status", "created_by_id" FROM "posts" WHERE "id" = $1`,
      [created.body.id],
    );
    expect(post).toEqual({ status: 'draft', created_by_id: superAdminId });

    const [line] = await testApp.dataSource.query<{ actor_id: string; actor_name: string }[]>(
      `SELECT "actor_id", "actor_name" FROM "staff_activity" WHERE "action" = 'post.created' AND "target_id" = $1`,
      [created.body.id],
    );
    expect(line).toEqual({ actor_id: superAdminId, actor_name: 'API token “CRM sync” (created by Test super_admin)' });

    const published = await testApp
      .request()
      .post('/api/admin/posts')
      .set(withToken(token))
      .send({ ...draft, slug: 'published-by-a-script', status: 'published' });
    expect(published.status).toBe(403);
    expect(published.body).toEqual({ statusCode: 403, error: messages.onlyAdminsCanPublish });
    const republish = await testApp
      .request()
      .put(`/api/admin/posts/${created.body.id}`)
      .set(withToken(token))
      .send({ ...draft, status: 'published' });
    expect(republish.status).toBe(403);

    // The consultant's table applies: subscribers are closed to it.
    const subscribers = await testApp.request().get('/api/admin/subscribers').set(withToken(token));
    expect(subscribers.status).toBe(403);
    expect(subscribers.body).toEqual({ statusCode: 403, error: messages.forbidden });

    const listed = await superAdmin.get('/api/admin/api-tokens');
    const row = (listed.body.items as ApiToken[]).find((item) => item.id === apiToken.id)!;
    expect(row.lastUsedAt).toEqual(expect.any(String));
  });

  it('gives an admin token an admin’s rights: it publishes', async () => {
    const { token } = await createToken(superAdmin, { name: 'Publisher', role: 'admin', expiresInDays: 30 });
    const published = await testApp
      .request()
      .post('/api/admin/posts')
      .set(withToken(token))
      .send({ ...draft, slug: 'published-by-an-admin-token', status: 'published' });
    expect(published.status).toBe(201);
  });

  it('refuses a revoked token at once, on the next request', async () => {
    const { token, apiToken } = await createToken(superAdmin);
    expect((await testApp.request().get('/api/admin/posts').set(withToken(token))).status).toBe(200);
    const revoked = await superAdmin.post(`/api/admin/api-tokens/${apiToken.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({
      message: apiTokenMessages.revoked,
      apiToken: { status: 'revoked', actions: [] },
    });
    const refused = await testApp.request().get('/api/admin/posts').set(withToken(token));
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ statusCode: 401, error: apiTokenMessages.invalid });
    expect(refused.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    const again = await superAdmin.post(`/api/admin/api-tokens/${apiToken.id}/revoke`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(apiTokenMessages.alreadyRevoked);
    const [line] = await testApp.dataSource.query<{ actor_id: string; target_label: string }[]>(
      `SELECT "actor_id", "target_label" FROM "staff_activity" WHERE "action" = 'api_token.revoked' AND "target_id" = $1`,
      [apiToken.id],
    );
    expect(line).toEqual({ actor_id: superAdminId, target_label: 'CRM sync (Consultant)' });
    expect((await superAdmin.post(`/api/admin/api-tokens/not-an-id/revoke`)).status).toBe(404);
  });

  it('refuses an expired token, an unknown one and a malformed one with 401', async () => {
    const { token, apiToken } = await createToken(superAdmin);
    await testApp.dataSource.query(
      `UPDATE "api_tokens" SET "expires_at" = now() - interval '1 second' WHERE "id" = $1`,
      [apiToken.id],
    );
    const expired = await testApp.request().get('/api/admin/posts').set(withToken(token));
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe(apiTokenMessages.invalid);
    const listed = await superAdmin.get('/api/admin/api-tokens');
    expect((listed.body.items as ApiToken[]).find((item) => item.id === apiToken.id)?.status).toBe('expired');

    for (const other of [`nbt_${'A'.repeat(43)}`, 'not-a-token', '']) {
      const response = await testApp
        .request()
        .get('/api/admin/posts')
        .set({ Authorization: `Bearer ${other}` });
      expect(response.status).toBe(401);
      expect(response.body.error).toBe(apiTokenMessages.invalid);
    }
  });

  it('refuses a token what only a person does: their account, sessions, two-factor sign-in, tokens', async () => {
    const { token } = await createToken(superAdmin, { name: 'Root', role: 'super_admin', expiresInDays: 30 });
    const personal: [string, string][] = [
      ['get', '/api/admin/user'],
      ['patch', '/api/admin/account'],
      ['get', '/api/admin/account/sessions'],
      ['post', '/api/admin/account/two-factor/setup'],
      ['get', '/api/admin/notifications'],
      ['get', '/api/admin/api-tokens'],
      ['post', '/api/admin/api-tokens'],
    ];
    for (const [method, path] of personal) {
      const call = testApp.request()[method as 'get'](path).set(withToken(token));
      const response = method === 'get' ? await call : await call.send({ name: 'Robot' });
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 403,
        body: { statusCode: 403, error: apiTokenMessages.personOnly },
      });
    }
    // Its role's rights otherwise: a super admin token reads the staff list.
    expect((await testApp.request().get('/api/admin/staff').set(withToken(token))).status).toBe(200);
  });

  it('takes either a session or a token: both together are refused, and a token never starts a session', async () => {
    const { token } = await createToken(superAdmin);
    const both = await superAdmin.get('/api/admin/posts').set(withToken(token));
    expect(both.status).toBe(400);
    expect(both.body).toEqual({ statusCode: 400, error: apiTokenMessages.cookieAndToken });
    const alone = await testApp.request().get('/api/admin/posts').set(withToken(token));
    expect(alone.status).toBe(200);
    expect(alone.headers['set-cookie']).toBeUndefined();
    // The cross-site rules still hold for a token: a foreign origin or a form body is refused.
    const foreign = await testApp
      .request()
      .post('/api/admin/posts')
      .set(withToken(token))
      .set('Origin', 'https://elsewhere.example')
      .send({ ...draft, slug: 'from-elsewhere' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe(messages.crossSiteRefused);
  });

  it('stops the tokens of a creator who is disabled, and starts them again when they are enabled', async () => {
    const second = await createStaff(testApp, 'super_admin', 'second-super@northbeam.example');
    const secondAgent = await signedInAgent(testApp, 'second-super@northbeam.example', staffPassword);
    const { token, apiToken } = await createToken(secondAgent);
    expect((await testApp.request().get('/api/admin/posts').set(withToken(token))).status).toBe(200);
    expect((await superAdmin.patch(`/api/admin/staff/${second.id}`).send({ disabled: true })).status).toBe(200);
    const stopped = await testApp.request().get('/api/admin/posts').set(withToken(token));
    expect(stopped.status).toBe(401);
    const listed = await superAdmin.get('/api/admin/api-tokens');
    expect((listed.body.items as ApiToken[]).find((item) => item.id === apiToken.id)?.status).toBe('inactive');
    expect((await superAdmin.patch(`/api/admin/staff/${second.id}`).send({ disabled: false })).status).toBe(200);
    expect((await testApp.request().get('/api/admin/posts').set(withToken(token))).status).toBe(200);
    // A creator who is no longer a super admin: their tokens stop too.
    expect((await superAdmin.patch(`/api/admin/staff/${second.id}`).send({ role: 'admin' })).status).toBe(200);
    expect((await testApp.request().get('/api/admin/posts').set(withToken(token))).status).toBe(401);
  });
});

describe('API tokens with two-factor sign-in required and a small allowance', () => {
  let testApp: TestApp;
  let creator: { id: string; name: string; email: string; role: 'super_admin' };

  beforeAll(async () => {
    testApp = await createTestApp({
      env: { STAFF_2FA: 'required' },
      config: { seedContent: false, apiTokenRateLimitMax: 3 },
    });
    const staff = await createStaff(testApp, 'super_admin');
    creator = { ...staff, role: 'super_admin' };
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  async function token(name: string): Promise<string> {
    const user = await testApp.app.get(ApiTokensService).create(
      { name, role: 'admin', expiresInDays: 30 },
      {
        ...creator,
        twoFactorEnabled: false,
        twoFactorSetupRequired: true,
        permissions: {} as never,
        teamMemberId: null,
      },
    );
    return user.token;
  }

  it('needs no two-factor step: the session is held at enrolment, the token is not', async () => {
    const session = await signedInAgent(testApp, 'super-admin@northbeam.example');
    const held = await session.get('/api/admin/posts');
    expect(held.status).toBe(403);
    expect(held.body.error).toBe(staffMessages.setUpTwoFactor);
    const bearer = await testApp
      .request()
      .get('/api/admin/posts')
      .set({ Authorization: `Bearer ${await token('Two-factor free')}` });
    expect(bearer.status).toBe(200);
  });

  it('limits each token on its own: 429 with a sentence past its allowance, another token unaffected', async () => {
    const limited = await token('Busy');
    const other = await token('Quiet');
    for (let index = 0; index < 3; index += 1) {
      const response = await testApp
        .request()
        .get('/api/admin/posts')
        .set({ Authorization: `Bearer ${limited}` });
      expect(response.status).toBe(200);
    }
    const refused = await testApp
      .request()
      .get('/api/admin/posts')
      .set({ Authorization: `Bearer ${limited}` });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, error: apiTokenMessages.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const fine = await testApp
      .request()
      .get('/api/admin/posts')
      .set({ Authorization: `Bearer ${other}` });
    expect(fine.status).toBe(200);
  });
});
