import { HttpStatus, ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { messages } from '@northbeam/common';
import { singleLineViolations } from '../validation/multi-line.decorator.js';
import { ApiError } from './api-error.js';

/** Flattens class-validator errors into `{ field: [sentences] }`, nested fields as `a.b`. */
export function toFieldErrors(errors: ValidationError[], parent = ''): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const error of errors) {
    const key = parent ? `${parent}.${error.property}` : error.property;
    const constraints = Object.values(error.constraints ?? {});
    if (constraints.length > 0) fieldErrors[key] = orderedUnique(constraints);
    if (error.children?.length) Object.assign(fieldErrors, toFieldErrors(error.children, key));
  }
  return fieldErrors;
}

function orderedUnique(values: string[]): string[] {
  return [...new Set(values)];
}

/** First sentence of the first failing field: the human summary of a validation failure. */
function summary(fieldErrors: Record<string, string[]>): string {
  const first = Object.values(fieldErrors)[0]?.[0];
  return first ?? messages.validationFailed;
}

/**
 * Nest's ValidationPipe, plus the single-line rule: once a body DTO is valid, any of its strings
 * holding a tab, CR or LF outside a field marked `@MultiLine()` is a 400 naming the field. (The
 * hostile-input guard has already refused every other control character, and these three in keys
 * and query strings.)
 */
class TextValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const result: unknown = await super.transform(value, metadata);
    if (metadata.type !== 'body' || result === null || typeof result !== 'object') return result;
    const fields = singleLineViolations(result);
    if (fields.length === 0) return result;
    const fieldErrors = Object.fromEntries(fields.map((field) => [field, [messages.singleLineText]]));
    throw new ApiError(HttpStatus.BAD_REQUEST, messages.singleLineText, fieldErrors);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new TextValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: false,
    transform: true,
    forbidUnknownValues: true,
    stopAtFirstError: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const fieldErrors = toFieldErrors(errors);
      return new ApiError(HttpStatus.BAD_REQUEST, summary(fieldErrors), fieldErrors);
    },
  });
}
