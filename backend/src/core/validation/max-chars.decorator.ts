import { registerDecorator, type ValidationOptions } from 'class-validator';

/**
 * Like MaxLength, but silent for non-strings, so that a missing field shows only its
 * "required" sentence and not also "too long".
 */
export function MaxChars(max: number, options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'maxChars',
      target: target.constructor,
      propertyName: propertyName as string,
      constraints: [max],
      // A rule without its own sentence still answers with one (the error contract never sends an empty message).
      options: { message: (args) => `${args.property} must be ${max} characters or less`, ...options },
      validator: { validate: (value: unknown) => typeof value !== 'string' || value.length <= max },
    });
  };
}
