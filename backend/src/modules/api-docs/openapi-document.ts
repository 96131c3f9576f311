import type { INestApplication, Type } from '@nestjs/common';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { apiTokenLimits, areaLabels, site } from '@northbeam/common';
import { ACCESS_RULE, type AccessRule } from '../auth/decorators/access.decorator.js';
import { controllerDtos, describeDto } from './describe-dtos.js';

const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

const levelWords: Record<string, string> = {
  all: 'full access',
  read: 'read access (any)',
  own: 'their own records (or full access)',
  assigned: 'records assigned to them (or full access)',
  upload: 'upload access (or full access)',
};

function accessText(rule: AccessRule | undefined): string {
  if (!rule) return 'Refused to everyone (no access rule).';
  if (rule.kind === 'public') return 'Public: no authentication.';
  if (rule.kind === 'signed-in')
    return 'A staff member signed in with the session cookie. Refused to API tokens (403): it concerns the person.';
  if (rule.area === 'api-tokens') return 'Super admins signed in with the session cookie. Refused to API tokens (403).';
  return `Needs ${areaLabels[rule.area]}: ${levelWords[rule.level]}, by the role's permissions. A session cookie or an API token.`;
}

/** `Controller_method` → the access rule of that handler, for every controller of the application. */
function accessRules(app: INestApplication): { rules: Map<string, AccessRule | undefined>; controllers: Type[] } {
  const reflector = app.get(Reflector);
  const rules = new Map<string, AccessRule | undefined>();
  const controllers: Type[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      controllers.push(controller);
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        rules.set(
          `${controller.name}_${name}`,
          reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [handler as () => unknown, controller]),
        );
      }
    }
  }
  return { rules, controllers };
}

/**
 * The OpenAPI 3 document of the API, generated from the controllers and their DTOs (docs/api.md):
 * every operation says who may call it and how (session cookie, API token), and every refusal is
 * the one error shape, `ApiError`.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const { rules, controllers } = accessRules(app);
  for (const dto of controllerDtos(controllers)) describeDto(dto);
  const config = new DocumentBuilder()
    .setTitle(`${site.name} API`)
    .setDescription(
      [
        'The site’s JSON API. Admin calls (`/api/admin/…`) take an API token made by a super admin on',
        '/admin/api-tokens: `Authorization: Bearer nbt_…`. A token acts with its role’s permissions, needs no',
        'two-factor step and sends no cookie; a request with both a token and a session cookie is refused.',
        `Each token may make ${apiTokenLimits.requestsPerMinute} requests a minute (then 429 with Retry-After).`,
        'Every refusal is JSON: `{ "statusCode": 403, "error": "a sentence" }`, with `fieldErrors` for',
        'invalid fields. State-changing calls send JSON (`Content-Type: application/json`): form bodies are refused.',
      ].join(' '),
    )
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'An API token: nbt_ and 43 characters' }, 'apiToken')
    .addCookieAuth('nb.sid', { type: 'apiKey', in: 'cookie', name: 'nb.sid' }, 'session')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey}_${methodKey}`,
  });
  // The reference's own page, document and assets are not API calls (api-docs.controller.ts).
  for (const path of ['/api/docs', '/api/docs/openapi.json', '/api/docs/init.js', '/api/docs/{asset}'])
    delete document.paths[path];
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      ApiError: {
        type: 'object',
        description: 'Every refusal and failure: the status again and one plain sentence.',
        required: ['statusCode', 'error'],
        properties: {
          statusCode: { type: 'integer', example: 403 },
          error: { type: 'string', example: 'You do not have permission to do that' },
          fieldErrors: {
            type: 'object',
            description: 'Per invalid field, its sentences (400 and 409 on forms).',
            additionalProperties: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    },
  };
  const errorResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
  });
  for (const [path, pathItem] of Object.entries(document.paths)) {
    // Grouped by area: `/api/admin/posts/{id}` under "admin-posts", `/api/contact` under "contact"
    // (a name without "/", so that the page's links to a group, `/api/docs#/admin-posts`, work).
    const [, , first = '', second = ''] = path.split('/');
    const tag = first === 'admin' ? `admin-${second.replace(/\.csv$/, '')}` : first;
    for (const method of httpMethods) {
      const operation = pathItem[method];
      if (!operation) continue;
      operation.tags = [tag];
      const rule = rules.get(operation.operationId ?? '');
      operation.description = [operation.description, accessText(rule)].filter(Boolean).join('\n\n');
      const tokenAllowed = rule?.kind === 'area' && rule.area !== 'api-tokens';
      operation.security =
        rule?.kind === 'public' ? [] : tokenAllowed ? [{ apiToken: [] }, { session: [] }] : [{ session: [] }];
      operation.responses = {
        ...operation.responses,
        '4XX': errorResponse('Refused: the error says why in a sentence (401, 403, 404, 409, 429…).'),
        '5XX': errorResponse('The site failed or a service it needs is unavailable.'),
      };
    }
  }
  return document;
}
