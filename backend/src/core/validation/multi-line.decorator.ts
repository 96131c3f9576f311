import { lineBreakOrTab } from '@northbeam/common';

/** Property names marked multi-line, by DTO class. */
const multiLineFields = new WeakMap<object, Set<string>>();

/**
 * Marks a DTO text field whose value may hold tabs and line breaks (a message, a post body, a
 * note). Every other string of a request body is single-line: the validation pipe refuses tab, CR
 * and LF in it, so a field added later is single-line unless someone decides otherwise.
 */
export function MultiLine(): PropertyDecorator {
  return (target, propertyName) => {
    const fields = multiLineFields.get(target.constructor) ?? new Set<string>();
    fields.add(String(propertyName));
    multiLineFields.set(target.constructor, fields);
  };
}

function isMultiLine(owner: object, property: string): boolean {
  for (let type: unknown = owner.constructor; typeof type === 'function'; type = Object.getPrototypeOf(type)) {
    if (multiLineFields.get(type)?.has(property)) return true;
  }
  return false;
}

function holdsLineBreak(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return lineBreakOrTab.test(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((item) => holdsLineBreak(item, depth + 1));
}

/**
 * The fields of a validated DTO (nested DTOs as `a.b`) that are not marked {@link MultiLine} and
 * yet hold a tab, CR or LF somewhere in their value.
 */
export function singleLineViolations(dto: object, parent = ''): string[] {
  const fields: string[] = [];
  for (const [property, value] of Object.entries(dto)) {
    if (isMultiLine(dto, property)) continue;
    const key = parent ? `${parent}.${property}` : property;
    const nestedDto =
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      Object.getPrototypeOf(value) !== Object.prototype;
    if (nestedDto) fields.push(...singleLineViolations(value as object, key));
    else if (holdsLineBreak(value, 0)) fields.push(key);
  }
  return fields;
}
