import { Controller, Get, Module } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { messages, staffMessages, type StaffRole } from '@northbeam/common';
import { ACCESS_RULE } from '../src/modules/auth/decorators/access.decorator.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const hookTimeoutMs = 120_000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;
type Who = StaffRole | 'signed-out';
const roles: StaffRole[] = ['super_admin', 'admin', 'consultant', 'privacy_officer'];

/** A controller that forgot its rule: the guard must refuse it, not open it. */
@Controller('test-fixture/forgotten-rule')
class ForgottenRuleController {
  @Get()
  secret() {
    return { leaked: true };
  }
}

@Module({ controllers: [ForgottenRuleController] })
class ForgottenRuleModule {}

/**
 * The permission matrix: for every admin route, who may call it. A route added to the app without a
 * line here fails the first test; a line that disagrees with the server fails the matrix.
 */
/** Every signed-in role: one's own account, sessions and notifications. */
const signedIn: Who[] = ['super_admin', 'admin', 'consultant', 'privacy_officer'];
/** The roles that work on the site's content and leads (not the privacy officer). */
const everyone: Who[] = ['super_admin', 'admin', 'consultant'];
const admins: Who[] = ['super_admin', 'admin'];
/** Every right over privacy: admins and the privacy officer (docs/product.md#privacy-officer). */
const privacyTeam: Who[] = ['super_admin', 'admin', 'privacy_officer'];
const superAdmins: Who[] = ['super_admin'];
const publicRoute: Who[] = ['super_admin', 'admin', 'consultant', 'privacy_officer', 'signed-out'];
const matrix: Record<string, Who[]> = {
  'POST /api/admin/login': publicRoute,
  'POST /api/admin/login/two-factor': publicRoute,
  'POST /api/admin/logout': publicRoute,
  'GET /api/admin/user': signedIn,
  'POST /api/admin/account/two-factor/setup': signedIn,
  'POST /api/admin/account/two-factor/enable': signedIn,
  'POST /api/admin/account/two-factor/disable': signedIn,
  'POST /api/admin/account/two-factor/recovery-codes': signedIn,
  'GET /api/admin/account/sessions': signedIn,
  'DELETE /api/admin/account/sessions/:id': signedIn,
  'GET /api/admin/posts': everyone,
  'GET /api/admin/posts/counts': everyone,
  'GET /api/admin/posts/:id': everyone,
  'POST /api/admin/posts': everyone,
  'PUT /api/admin/posts/:id': everyone,
  'DELETE /api/admin/posts/:id': everyone,
  'GET /api/admin/playbook-downloads': admins,
  'GET /api/admin/analytics/summary': everyone,
  'GET /api/admin/deletion-requests': privacyTeam,
  'GET /api/admin/deletion-requests/:id': privacyTeam,
  'POST /api/admin/deletion-requests/:id/approve': privacyTeam,
  'POST /api/admin/deletion-requests/:id/reject': privacyTeam,
  'POST /api/admin/deletion-requests/:id/complete': privacyTeam,
  'GET /api/admin/staff': admins,
  'POST /api/admin/staff/invitations': superAdmins,
  'PATCH /api/admin/staff/:id': superAdmins,
  'POST /api/admin/staff/:id/password-reset': superAdmins,
  'POST /api/admin/staff/:id/sign-out-everywhere': superAdmins,
  'DELETE /api/admin/staff/:id': superAdmins,
  'GET /api/admin/activity': everyone,
  'GET /api/admin/enquiries': everyone,
  'GET /api/admin/enquiries.csv': everyone,
  'GET /api/admin/enquiries/counts': everyone,
  'GET /api/admin/enquiries/:id': everyone,
  'PATCH /api/admin/enquiries/:id': everyone,
  'POST /api/admin/enquiries/:id/notes': everyone,
  'POST /api/admin/enquiries/:id/replies': everyone,
  'GET /api/admin/inbound-mail/status': admins,
  'POST /api/admin/inbound-mail/poll': admins,
  'GET /api/admin/inbound-mail/unmatched': admins,
  'POST /api/admin/inbound-mail/unmatched/:id/attach': admins,
  'POST /api/admin/inbound-mail/unmatched/:id/dismiss': admins,
  'GET /api/admin/inbound-mail/:messageId/attachments/:attachmentId': admins,
  'GET /api/admin/reply-templates': everyone,
  'GET /api/admin/reply-templates/:id': everyone,
  'POST /api/admin/reply-templates': admins,
  'PUT /api/admin/reply-templates/:id': admins,
  'DELETE /api/admin/reply-templates/:id': admins,
  'GET /api/admin/notifications': signedIn,
  'POST /api/admin/notifications/read': signedIn,
  'POST /api/admin/notifications/:id/read': signedIn,
  'GET /api/admin/account/notifications': signedIn,
  'PUT /api/admin/account/notifications': signedIn,
  // subscribers and playbook requests
  'GET /api/admin/subscribers': admins,
  'GET /api/admin/subscribers.csv': admins,
  'GET /api/admin/exports/site': admins,
  'GET /api/admin/exports/site/summary': admins,
  'GET /api/admin/subscribers/counts': admins,
  'DELETE /api/admin/subscribers/:id': admins,
  'GET /api/admin/playbook-requests': admins,
  'GET /api/admin/playbook-requests.csv': admins,
  'GET /api/admin/analytics/report': everyone,
  'GET /api/admin/analytics/report.csv': everyone,
  'GET /api/admin/analytics/realtime': everyone,
  'GET /api/admin/newsletter/issues': admins,
  'GET /api/admin/newsletter/audience': admins,
  'POST /api/admin/newsletter/issues': admins,
  'POST /api/admin/newsletter/issues/from-post': admins,
  'POST /api/admin/newsletter/issues/from-post/values': admins,
  'POST /api/admin/newsletter/preview': admins,
  'GET /api/admin/newsletter/issues/:id': admins,
  'PUT /api/admin/newsletter/issues/:id': admins,
  'DELETE /api/admin/newsletter/issues/:id': admins,
  'POST /api/admin/newsletter/issues/:id/test': admins,
  'POST /api/admin/newsletter/issues/:id/send': admins,
  'POST /api/admin/newsletter/issues/:id/schedule': admins,
  'POST /api/admin/newsletter/issues/:id/unschedule': admins,
  // Revisions and autosave (docs/product.md#revisions): whoever may change the post; the service narrows consultants to their own drafts.
  'GET /api/admin/posts/:id/revisions': everyone,
  'GET /api/admin/posts/:id/revisions/:revisionId': everyone,
  'POST /api/admin/posts/:id/revisions/:revisionId/restore': everyone,
  'GET /api/admin/posts/:id/autosave': everyone,
  'PUT /api/admin/posts/:id/autosave': everyone,
  'DELETE /api/admin/posts/:id/autosave': everyone,
  // Media library: consultants upload and use (alt text included); deleting is for admins.
  'GET /api/admin/media': everyone,
  'GET /api/admin/media/:id': everyone,
  'POST /api/admin/media': everyone,
  'PATCH /api/admin/media/:id': everyone,
  'DELETE /api/admin/media/:id': admins,
  // Privacy operations: the privacy team only (docs/product.md#privacy-requests).
  'GET /api/admin/deletion-requests/counts': privacyTeam,
  'POST /api/admin/deletion-requests/:id/extend': privacyTeam,
  'GET /api/admin/deletion-requests/:id/findings': privacyTeam,
  'GET /api/admin/privacy/data-map': privacyTeam,
  'GET /api/admin/privacy/consent/:consentId': privacyTeam,
  'GET /api/admin/privacy/consent/:consentId/export': privacyTeam,
  // Scheduling and the review queue (docs/product.md#publishing).
  'GET /api/admin/posts/workflow-counts': everyone,
  'POST /api/admin/posts/:id/send-back': admins,
  // Case studies: admins only (consultants are refused).
  'GET /api/admin/case-studies': admins,
  'GET /api/admin/case-studies/:id': admins,
  'POST /api/admin/case-studies': admins,
  'PUT /api/admin/case-studies/:id': admins,
  'POST /api/admin/case-studies/:id/publish': admins,
  'POST /api/admin/case-studies/:id/unpublish': admins,
  'DELETE /api/admin/case-studies/:id': admins,
  // Revisions of a case study (docs/product.md#revisions): whoever may change case studies.
  'GET /api/admin/case-studies/:id/revisions': admins,
  'GET /api/admin/case-studies/:id/revisions/:revisionId': admins,
  'POST /api/admin/case-studies/:id/revisions/:revisionId/restore': admins,
  // The team (docs/product.md#team): admins change it; a consultant reads and edits the member linked to them.
  'GET /api/admin/team': everyone,
  'GET /api/admin/team/authors': everyone,
  'GET /api/admin/team/:id': everyone,
  'POST /api/admin/team': admins,
  'PUT /api/admin/team/:id': everyone,
  'PUT /api/admin/team/order': admins,
  'DELETE /api/admin/team/:id': admins,
  // Your own name; a super admin renames and links any account with PATCH /api/admin/staff/:id.
  'PATCH /api/admin/account': signedIn,
  'GET /api/admin/settings': admins,
  'PUT /api/admin/settings': admins,
  'POST /api/admin/settings/playbook': admins,
  'DELETE /api/admin/settings/playbook': admins,
  'GET /api/admin/redirects': admins,
  'GET /api/admin/redirects/slug-changes': admins,
  'POST /api/admin/redirects': admins,
  'DELETE /api/admin/redirects/:id': admins,
  // API tokens (docs/product.md#api-tokens): super admins only, and never through a token.
  'GET /api/admin/api-tokens': superAdmins,
  'POST /api/admin/api-tokens': superAdmins,
  'POST /api/admin/api-tokens/:id/revoke': superAdmins,
  'GET /api/admin/webhooks': admins,
  'POST /api/admin/webhooks': admins,
  'GET /api/admin/webhooks/:id': admins,
  'PUT /api/admin/webhooks/:id': admins,
  'DELETE /api/admin/webhooks/:id': admins,
  'POST /api/admin/webhooks/:id/rotate-secret': admins,
  'POST /api/admin/webhooks/:id/pause': admins,
  'POST /api/admin/webhooks/:id/resume': admins,
  'POST /api/admin/webhooks/:id/test': admins,
  'GET /api/admin/webhooks/:id/deliveries': admins,
  'POST /api/admin/webhooks/:id/deliveries/:deliveryId/redeliver': admins,
  'POST /api/admin/imports': admins,
  'GET /api/admin/imports/:id': admins,
};

/**
 * Every route of the running app, from Express's router: `METHOD /path`. Routes that answer every
 * method are the middleware Nest mounts for paths outside the global prefix, not handlers.
 */
function expressRoutes(testApp: TestApp): string[] {
  const instance = testApp.app.getHttpAdapter().getInstance() as unknown as {
    router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
  };
  return instance.router.stack.flatMap((layer) =>
    layer.route && Object.keys(layer.route.methods).length === 1
      ? Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path}`)
      : [],
  );
}

/** Every controller method Nest mounted, with the access rule it declares (handler or class). */
function nestHandlers(testApp: TestApp): { name: string; hasRule: boolean }[] {
  const discovery = new DiscoveryService(testApp.app.get(ModulesContainer));
  const reflector = testApp.app.get(Reflector);
  const scanner = new MetadataScanner();
  return discovery.getControllers().flatMap((wrapper) => {
    const controller = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
    if (!controller) return [];
    const prototype = controller.prototype as Record<string, unknown>;
    return scanner
      .getAllMethodNames(prototype)
      .filter((method) => Reflect.hasMetadata(PATH_METADATA, prototype[method] as object))
      .map((method) => ({
        name: `${controller.name}.${method}`,
        hasRule:
          reflector.getAllAndOverride(ACCESS_RULE, [prototype[method] as () => unknown, controller]) !== undefined,
      }));
  });
}

const someId = '00000000-0000-4000-8000-000000000000';

function call(agent: Agent, route: string) {
  const [method, path] = route.split(' ');
  const url = path.replace(/:[a-z]+/gi, someId);
  switch (method) {
    case 'GET':
      return agent.get(url);
    case 'POST':
      return agent.post(url).send({});
    case 'PUT':
      return agent.put(url).send({});
    case 'PATCH':
      return agent.patch(url).send({});
    case 'DELETE':
      return agent.delete(url);
    default:
      throw new Error(`no call for ${route}`);
  }
}

describe('Access rules of every route', () => {
  let testApp: TestApp;
  const agents = {} as Record<StaffRole, Agent>;

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false }, extraModules: [ForgottenRuleModule] });
    for (const role of roles) {
      await createStaff(testApp, role);
      agents[role] = await signedInAgent(testApp, `${role.replace('_', '-')}@northbeam.example`);
    }
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  it('lists a rule for every controller route but the forgotten fixture, and the router has no other routes', () => {
    const handlers = nestHandlers(testApp);
    const withoutRule = handlers.filter((handler) => !handler.hasRule).map((handler) => handler.name);
    expect(withoutRule).toEqual(['ForgottenRuleController.secret']);
    // Without the front end, every route on Express's router is a controller route (sitemap.xml and friends sit outside /api).
    expect(expressRoutes(testApp)).toHaveLength(handlers.length);
  });

  it('refuses a route without a rule: 401 signed out, 403 even for a super admin', async () => {
    const signedOut = await testApp.request().get('/api/test-fixture/forgotten-rule');
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ statusCode: 401, error: messages.notSignedIn });
    const superAdmin = await agents.super_admin.get('/api/test-fixture/forgotten-rule');
    expect(superAdmin.status).toBe(403);
    expect(superAdmin.body).toEqual({ statusCode: 403, error: messages.forbidden });
  });

  it('has a line in the matrix for every admin route', () => {
    const adminRoutes = expressRoutes(testApp).filter((route) => route.includes(' /api/admin'));
    expect([...adminRoutes].sort()).toEqual(Object.keys(matrix).sort());
  });

  describe.each(Object.entries(matrix))('%s', (route, allowed) => {
    it.each(roles)(`answers %s as the matrix says`, async (role) => {
      // Signing out would end the shared agent's session: a fresh one for that route.
      const agent =
        route === 'POST /api/admin/logout'
          ? await signedInAgent(testApp, `${role.replace('_', '-')}@northbeam.example`)
          : agents[role];
      const response = await call(agent, route);
      if (allowed.includes(role)) expect([401, 403]).not.toContain(response.status);
      else expect(response.body).toEqual({ statusCode: 403, error: messages.forbidden });
    });

    it(`answers a signed-out caller as the matrix says`, async () => {
      const response = await call(testApp.request(), route);
      if (allowed.includes('signed-out')) expect([401, 403]).not.toContain(response.status);
      else expect(response.body).toEqual({ statusCode: 401, error: messages.notSignedIn });
    });
  });

  it('opens every privacy route to the privacy officer and refuses every other admin route but their own account', async () => {
    // From the router, not the matrix: a route added later is checked too.
    const own =
      /^(GET|POST|PUT|PATCH|DELETE) \/api\/admin\/(user|logout|login(\/two-factor)?|account(\/.*)?|notifications(\/.*)?)$/;
    const privacy = /^(GET|POST|PUT|PATCH|DELETE) \/api\/admin\/(deletion-requests|privacy)(\/.*)?$/;
    const adminRoutes = expressRoutes(testApp).filter((route) => route.includes(' /api/admin'));
    expect(adminRoutes.filter((route) => privacy.test(route)).length).toBeGreaterThanOrEqual(11);
    for (const route of adminRoutes) {
      if (route === 'POST /api/admin/logout') continue;
      const response = await call(agents.privacy_officer, route);
      if (privacy.test(route) || own.test(route)) expect([route, response.status]).not.toEqual([route, 403]);
      else expect([route, response.body]).toEqual([route, { statusCode: 403, error: messages.forbidden }]);
    }
  });

  it('keeps public pages public and never asks them for a session', async () => {
    for (const path of [
      '/api/health',
      '/api/posts',
      '/api/case-studies',
      '/api/team',
      '/api/analytics/config',
      '/api/config/public',
      '/api/site-settings',
      '/api/playbook/document',
    ]) {
      const response = await testApp.request().get(path);
      expect([401, 403]).not.toContain(response.status);
    }
  });

  describe('while two-factor enrolment is owed (STAFF_2FA=required)', () => {
    let strict: TestApp;
    let agent: Agent;

    beforeAll(async () => {
      strict = await createTestApp({ config: { seedContent: false, staffTwoFactor: 'required' } });
      await createStaff(strict, 'admin');
      agent = await signedInAgent(strict, 'admin@northbeam.example');
    }, hookTimeoutMs);

    afterAll(async () => {
      await strict?.close();
    }, hookTimeoutMs);

    it('answers the user with twoFactorSetupRequired and opens only user, logout, setup, enable and sessions', async () => {
      const user = await agent.get('/api/admin/user');
      expect(user.status).toBe(200);
      expect(user.body).toMatchObject({ twoFactorEnabled: false, twoFactorSetupRequired: true });
      for (const path of [
        '/api/admin/posts',
        '/api/admin/activity',
        '/api/admin/staff',
        '/api/admin/deletion-requests',
      ]) {
        const refused = await agent.get(path);
        expect(refused.body).toEqual({ statusCode: 403, error: staffMessages.setUpTwoFactor });
      }
      expect((await agent.post('/api/admin/account/two-factor/disable').send({ password: 'x' })).status).toBe(403);
      expect((await agent.get('/api/admin/account/sessions')).status).toBe(200);
      expect((await agent.post('/api/admin/account/two-factor/setup').send({})).status).toBe(200);
      expect((await agent.post('/api/admin/logout').send({})).status).toBe(204);
    });
  });
});
