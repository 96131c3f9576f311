import { registerDecorator, type ValidationOptions } from 'class-validator';

/**
 * A string field that takes an address (a path on this site, a web address …), judged by one of the
 * shared rules of common/src (`isCaseStudyImageAddress`, `isCaseStudyCtaHref`, which read a site path
 * with `isSitePath`), so that the API and the editor accept the same addresses.
 */
export function IsAddress(rule: (value: string) => boolean, options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isAddress',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: { validate: (value: unknown) => typeof value === 'string' && rule(value) },
    });
  };
}
