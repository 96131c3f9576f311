import type { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';

type ValidationMetadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];

/** class-validator's rules that say what a value is, in OpenAPI words. */
type Schema = {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  format?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  maxItems?: number;
};

const described = new WeakSet<Type>();

/** One rule's contribution to the schema of a value (or of each item, for `each` rules). */
function ruleSchema(rule: ValidationMetadata): Schema {
  const [first] = (rule.constraints ?? []) as unknown[];
  switch (rule.name ?? '') {
    case 'isString':
      return { type: 'string' };
    case 'isInt':
      return { type: 'integer' };
    case 'isNumber':
      return { type: 'number' };
    case 'isBoolean':
      return { type: 'boolean' };
    case 'isArray':
      return { type: 'array' };
    case 'isObject':
      return { type: 'object' };
    case 'isIn':
      return { enum: [...(first as unknown[])] };
    case 'equals':
      return { enum: [first] };
    case 'isUuid':
    case 'isUUID':
      return { type: 'string', format: 'uuid' };
    case 'isEmail':
      return { type: 'string', format: 'email' };
    case 'isIso8601':
    case 'isISO8601':
      return { type: 'string', format: 'date-time' };
    case 'isNotEmpty':
      return {};
    case 'maxLength':
    case 'maxChars':
      return { maxLength: first as number };
    case 'minLength':
      return { minLength: first as number };
    case 'min':
      return { minimum: first as number };
    case 'max':
      return { maximum: first as number };
    case 'matches':
      return first instanceof RegExp ? { type: 'string', pattern: first.source } : {};
    case 'arrayMaxSize':
      return { maxItems: first as number };
    default:
      return {};
  }
}

function typeFromDesign(dto: Type, property: string): Schema['type'] {
  const design = Reflect.getMetadata('design:type', dto.prototype as object, property) as unknown;
  if (design === String) return 'string';
  if (design === Number) return 'number';
  if (design === Boolean) return 'boolean';
  if (design === Array) return 'array';
  return undefined;
}

/**
 * Describes a DTO's properties to @nestjs/swagger from its class-validator rules, so the OpenAPI
 * document says what the validation pipe enforces without a second set of decorators (and without
 * the Nest CLI's compiler plugin, which the tsc and SWC builds here do not run). Idempotent.
 */
export function describeDto(dto: Type): void {
  if (described.has(dto)) return;
  described.add(dto);
  const rules = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const rule of rules) byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
  for (const [property, propertyRules] of byProperty) {
    const own: Schema = {};
    const items: Schema = {};
    let optional = false;
    for (const rule of propertyRules) {
      if (rule.type === 'conditionalValidation') {
        optional = true;
        continue;
      }
      Object.assign(rule.each ? items : own, ruleSchema(rule));
    }
    const type = own.type ?? (own.enum ? undefined : typeFromDesign(dto, property));
    const options: Record<string, unknown> = { ...own, required: !optional };
    if (type) options.type = type;
    else delete options.type;
    if (type === 'array') {
      options.type = 'array';
      options.items = { type: items.type ?? 'string', ...items };
      delete options.maxLength;
    } else if (Object.keys(items).length > 0) {
      Object.assign(options, items);
    }
    if (!options.type && !options.enum) options.type = 'string';
    ApiProperty(options)(dto.prototype as object, property);
  }
}

/** Every DTO class a controller method takes (body, query), from its parameter types. */
export function controllerDtos(controllers: Type[]): Type[] {
  const dtos = new Set<Type>();
  for (const controller of controllers) {
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      if (name === 'constructor') continue;
      const types = (Reflect.getMetadata('design:paramtypes', controller.prototype as object, name) ?? []) as unknown[];
      for (const type of types) {
        if (typeof type !== 'function' || [String, Number, Boolean, Object, Array].includes(type as never)) continue;
        if (getMetadataStorage().getTargetValidationMetadatas(type, '', true, false).length > 0) dtos.add(type as Type);
      }
    }
  }
  return [...dtos];
}
