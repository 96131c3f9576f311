import { HttpStatus, ValidationPipe, type ValidationError } from '@nestjs/common';
import { messages } from '@northbeam/common';
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

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
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
