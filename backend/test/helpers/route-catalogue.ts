import { RequestMethod, type INestApplication, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ModulesContainer } from '@nestjs/core';
import { getMetadataStorage } from 'class-validator';
import type express from 'express';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One route of the running application, with what its handler reads from the request. */
export interface CatalogueRoute {
  method: HttpMethod;
  /** Express's path, with `:param` placeholders. */
  path: string;
  /** `Controller.method`, for messages. */
  handler: string;
  /** The class of `@Body()`, if the handler takes the whole body. */
  bodyDto?: Type;
  /** Single fields read with `@Body('name')`. */
  bodyKeys: string[];
  /** The class of `@Query()`, if the handler takes the whole query. */
  queryDto?: Type;
  /** Single keys read with `@Query('name')`. */
  queryKeys: string[];
  pathParams: string[];
}

const methodNames: Partial<Record<RequestMethod, HttpMethod>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.PATCH]: 'patch',
  [RequestMethod.DELETE]: 'delete',
};

interface ExpressLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every method + path the Express application answers, as its router lists them. */
export function expressRoutes(app: INestApplication): { method: HttpMethod; path: string }[] {
  const instance = app.getHttpAdapter().getInstance() as express.Express & { router: { stack: ExpressLayer[] } };
  const routes: { method: HttpMethod; path: string }[] = [];
  for (const layer of instance.router.stack) {
    if (!layer.route || typeof layer.route.path !== 'string') continue;
    for (const [method, enabled] of Object.entries(layer.route.methods)) {
      if (enabled && ['get', 'post', 'put', 'patch', 'delete'].includes(method)) {
        routes.push({ method: method as HttpMethod, path: layer.route.path });
      }
    }
  }
  return routes;
}

function joinPath(...parts: (string | undefined)[]): string {
  return `/${parts
    .filter((part) => part !== undefined && part !== '' && part !== '/')
    .map((part) => part!.replace(/^\/+|\/+$/g, ''))
    .join('/')}`;
}

function asArray(value: unknown): string[] {
  if (value === undefined) return [''];
  return Array.isArray(value) ? (value as string[]) : [value as string];
}

interface HandlerInfo extends Omit<CatalogueRoute, 'path' | 'method'> {
  method: HttpMethod;
  paths: string[];
}

/** Every controller method of the Nest application, with its paths (with and without the global prefix). */
function nestHandlers(app: INestApplication, prefix: string): HandlerInfo[] {
  const handlers: HandlerInfo[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      const controllerPaths = asArray(Reflect.getMetadata(PATH_METADATA, controller));
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        if (name === 'constructor') continue;
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function') continue;
        const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        const method = requestMethod === undefined ? undefined : methodNames[requestMethod];
        if (!method) continue;
        const methodPaths = asArray(Reflect.getMetadata(PATH_METADATA, handler));
        const paths = controllerPaths.flatMap((controllerPath) =>
          methodPaths.flatMap((methodPath) => [
            joinPath(prefix, controllerPath, methodPath),
            joinPath(controllerPath, methodPath),
          ]),
        );
        const parameterTypes = (Reflect.getMetadata('design:paramtypes', controller.prototype, name) ??
          []) as unknown[];
        const routeArguments = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
          string,
          { index: number; data?: unknown }
        >;
        const info: HandlerInfo = {
          method,
          paths,
          handler: `${controller.name}.${name}`,
          bodyKeys: [],
          queryKeys: [],
          pathParams: [],
        };
        for (const [key, argument] of Object.entries(routeArguments)) {
          const type = Number(key.split(':')[0]) as RouteParamtypes;
          const parameterType = parameterTypes[argument.index];
          const isDto =
            typeof parameterType === 'function' &&
            ![String, Number, Boolean, Object, Array].includes(parameterType as never);
          if (type === RouteParamtypes.BODY) {
            if (typeof argument.data === 'string') info.bodyKeys.push(argument.data);
            else if (isDto) info.bodyDto = parameterType as Type;
          }
          if (type === RouteParamtypes.QUERY) {
            if (typeof argument.data === 'string') info.queryKeys.push(argument.data);
            else if (isDto) info.queryDto = parameterType as Type;
          }
        }
        handlers.push(info);
      }
    }
  }
  return handlers;
}

/**
 * The routes of the running application: Express's own list, each matched to the Nest handler
 * that serves it and to what that handler reads (body and query DTOs, single keys, path params).
 * Throws for an Express route that no Nest handler explains.
 */
export function routeCatalogue(app: INestApplication, prefix = 'api'): CatalogueRoute[] {
  const handlers = nestHandlers(app, prefix);
  return expressRoutes(app).flatMap(({ method, path }) => {
    const handler = handlers.find((candidate) => candidate.method === method && candidate.paths.includes(path));
    if (!handler) return []; // Middleware-only routes (the front end) have no Nest handler.
    const pathParams = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
    const { paths: _paths, ...rest } = handler;
    return [{ ...rest, method, path, pathParams }];
  });
}

export type ValidationMetadata = ReturnType<
  ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']
>[number];

/** The validation metadata of a DTO, inherited properties included. */
export function dtoMetadata(dto: Type): ValidationMetadata[] {
  return getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
}

/** The property names a DTO validates, in declaration order. */
export function dtoFields(dto: Type): string[] {
  return [...new Set(dtoMetadata(dto).map((metadata) => metadata.propertyName))];
}
