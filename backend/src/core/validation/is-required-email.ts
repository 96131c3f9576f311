import { ValidateBy, isEmail, type ValidationOptions } from 'class-validator';
import { leadLimits, messages, textProblem } from '@northbeam/common';

/** Controls (C0, DEL, C1), invisible format characters (bidi overrides, zero widths) and any space. */
const notInAnAddress = /[\p{Cc}\p{Cf}\p{Z}\s]/u;

/**
 * The one test of an e-mail address. RFC 5322 lets a quoted local part hold spaces, tabs, commas and
 * even CR/LF, and validator.js accepts them; no person's address does, mail servers and our own
 * outbox cannot be trusted to carry one (`"a,b"@example.com` reads as two recipients), and such text
 * can split a mail header: a quoted local part, or any control, format or space character, makes the
 * address invalid. Ill-formed text is refused before validator.js sees it (it throws on a lone
 * surrogate).
 */
export function isEmailAddress(value: unknown, maxLength: number = leadLimits.emailMax): value is string {
  return (
    typeof value === 'string' &&
    value.length <= maxLength &&
    textProblem(value, { lineBreaks: false }) === undefined &&
    !notInAnAddress.test(value) &&
    !value.includes('"') &&
    isEmail(value)
  );
}

/** An e-mail address by {@link isEmailAddress}; 'Please enter a valid email address' unless told otherwise. */
export function IsEmailAddress(maxLength: number = leadLimits.emailMax, options?: ValidationOptions) {
  return ValidateBy(
    { name: 'isEmailAddress', validator: { validate: (value: unknown) => isEmailAddress(value, maxLength) } },
    { message: messages.emailInvalid, ...options },
  );
}

/**
 * One rule, one sentence: a missing or blank address is 'Please enter your email address', any
 * other bad value 'Please enter a valid email address'. Used by the newsletter and playbook forms.
 */
export function IsRequiredEmail() {
  return ValidateBy({
    name: 'isRequiredEmail',
    validator: {
      validate: (value: unknown) => isEmailAddress(value),
      defaultMessage: (args) =>
        args?.value === undefined || args.value === null || args.value === ''
          ? messages.emailRequired
          : messages.emailInvalid,
    },
  });
}
