import { Validator } from '@seriousme/openapi-schema-validator';
import { expressRoutes } from './helpers/route-catalogue.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const hookTimeoutMs = 120_000;

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown; parameters?: unknown[] }>>;
  components: {
    schemas: Record<string, { required?: string[]; properties?: Record<string, Record<string, unknown>> }>;
    securitySchemes: Record<string, unknown>;
  };
}

describe('The described API (/api/docs)', () => {
  let testApp: TestApp;
  let document: Document;

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false } });
    const response = await testApp.request().get('/api/docs/openapi.json');
    expect(response.status).toBe(200);
    document = response.body as Document;
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  it('is a valid OpenAPI 3 document', async () => {
    expect(document.openapi).toMatch(/^3\./);
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    // Every $ref points at something that exists.
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it("leaves out the reference's own page, document and assets, which are not API calls", () => {
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/docs'))).toEqual([]);
  });

  it('lists every admin route of the router, with its method', () => {
    const adminRoutes = expressRoutes(testApp.app)
      .filter((route) => route.path.startsWith('/api/admin'))
      .map((route) => `${route.method} ${route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    expect(adminRoutes.length).toBeGreaterThan(100);
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(adminRoutes.filter((route) => !documented.includes(route))).toEqual([]);
    // And documents nothing the router does not answer.
    const allRoutes = expressRoutes(testApp.app).map(
      (route) => `${route.method} ${route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`,
    );
    expect(documented.filter((route) => !allRoutes.includes(route))).toEqual([]);
  });

  it('describes the error shape, the bearer token, and who may call what', () => {
    expect(document.components.schemas.ApiError).toMatchObject({
      required: ['statusCode', 'error'],
      properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, fieldErrors: { type: 'object' } },
    });
    expect(document.components.securitySchemes.apiToken).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    expect(document.paths['/api/admin/posts'].post.security).toEqual([{ apiToken: [] }, { session: [] }]);
    expect(document.paths['/api/admin/user'].get.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/admin/api-tokens'].post.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/admin/login'].post.security).toEqual([]);
    expect(JSON.stringify(document.paths['/api/admin/posts'].get)).toContain('#/components/schemas/ApiError');
  });

  it('describes a body from its DTO’s validation rules', () => {
    const savePost = document.components.schemas.SavePostDto;
    expect(savePost.required).toEqual(expect.arrayContaining(['title', 'slug', 'excerpt', 'body', 'section']));
    expect(savePost.required).not.toContain('status');
    expect(savePost.properties?.section).toMatchObject({ enum: ['labs', 'consulting'] });
    expect(savePost.properties?.title).toMatchObject({ type: 'string', maxLength: expect.any(Number) });
    expect(savePost.properties?.tags).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(JSON.stringify(document.paths['/api/admin/posts'].post.requestBody)).toContain(
      '#/components/schemas/SavePostDto',
    );
    const createToken = document.components.schemas.CreateApiTokenDto;
    expect(createToken.properties?.expiresInDays).toMatchObject({ enum: [30, 90, 365] });
    // Query DTOs become parameters.
    const listParameters = JSON.stringify(document.paths['/api/admin/api-tokens'].get.parameters);
    expect(listParameters).toContain('"name":"page"');
  });

  it('serves the reference page and its Swagger UI files from the site itself', async () => {
    const page = await testApp.request().get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('/api/docs/swagger-ui-bundle.js');
    expect(page.text).not.toMatch(/https?:\/\//);
    for (const [asset, type] of [
      ['swagger-ui-bundle.js', /^text\/javascript/],
      ['swagger-ui.css', /^text\/css/],
      ['init.js', /^text\/javascript/],
    ] as const) {
      const response = await testApp.request().get(`/api/docs/${asset}`);
      expect({ asset, status: response.status }).toEqual({ asset, status: 200 });
      expect(response.headers['content-type']).toMatch(type);
    }
    expect((await testApp.request().get('/api/docs/package.json')).status).toBe(404);
    expect((await testApp.request().get('/api/docs/..%2Fpackage.json')).status).toBe(404);
  });

  it('answers 404 everywhere under /api/docs when API_DOCS is off', async () => {
    testApp.application.config.apiDocs = false;
    try {
      for (const path of ['/api/docs', '/api/docs/openapi.json', '/api/docs/init.js', '/api/docs/swagger-ui.css']) {
        const response = await testApp.request().get(path);
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
      }
    } finally {
      testApp.application.config.apiDocs = true;
    }
  });
});
