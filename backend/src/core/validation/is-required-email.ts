import { ValidateBy, isEmail } from 'class-validator';
import { leadLimits, messages } from '@northbeam/common';

/**
 * One rule, one sentence: a missing or blank address is 'Please enter your email address', any
 * other bad value 'Please enter a valid email address'. Used by the newsletter and playbook forms.
 */
export function IsRequiredEmail() {
  return ValidateBy({
    name: 'isRequiredEmail',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.length <= leadLimits.emailMax && isEmail(value),
      defaultMessage: (args) =>
        args?.value === undefined || args.value === null || args.value === '' ? messages.emailRequired : messages.emailInvalid,
    },
  });
}
