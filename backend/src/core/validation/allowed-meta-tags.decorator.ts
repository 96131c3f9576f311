import { registerDecorator, type ValidationArguments } from 'class-validator';
import { customMetaTagsProblem } from '@northbeam/common';

/**
 * Custom meta markup may hold only the allowed meta tags (see common/src/meta-tags.ts), images
 * only at http(s) addresses; the error names the first tag at fault and what is allowed.
 */
export function AllowedMetaTags(): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'allowedMetaTags',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        message: (args: ValidationArguments) =>
          customMetaTagsProblem(typeof args.value === 'string' ? args.value : null) ?? '',
      },
      validator: { validate: (value: unknown) => typeof value !== 'string' || customMetaTagsProblem(value) === null },
    });
  };
}
