import { Transform } from 'class-transformer';
import {
  Equals,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import { contactServiceValues, leadLimits, leadMessages, messages, type ContactService } from '@northbeam/common';
import { MultiLine } from '../../../core/validation/multi-line.decorator.js';
import { IsEmailAddress } from '../../../core/validation/is-required-email.js';
import { Trim, TrimToUndefined } from '../../../core/validation/trim.js';

/** Like MaxLength, but silent when the value is missing: the field's "required" sentence says it all. */
function MaxLengthWhenPresent(max: number, options: ValidationOptions) {
  return ValidateBy(
    {
      name: 'maxLengthWhenPresent',
      validator: { validate: (value: unknown) => typeof value !== 'string' || value.length <= max },
    },
    options,
  );
}

/** POST /api/contact, with the rules and sentences of docs/product.md#contact. */
export class CreateContactMessageDto {
  @Trim()
  @IsString({ message: messages.nameRequired })
  @MinLength(1, { message: messages.nameRequired })
  @MaxLengthWhenPresent(leadLimits.nameMax, { message: leadMessages.nameTooLong })
  name: string;

  @Trim()
  @IsEmailAddress(leadLimits.emailMax)
  email: string;

  @TrimToUndefined()
  @IsOptional()
  @IsString()
  @MaxLength(leadLimits.companyMax, { message: leadMessages.companyTooLong })
  company?: string;

  @TrimToUndefined()
  @IsOptional()
  @IsIn(contactServiceValues, { message: leadMessages.serviceInvalid })
  service?: ContactService;

  @MultiLine()
  @Trim()
  @IsString({ message: messages.messageTooShort })
  @MinLength(leadLimits.contactMessageMin, { message: messages.messageTooShort })
  @MaxLengthWhenPresent(leadLimits.contactMessageMax, { message: leadMessages.messageTooLong })
  message: string;

  @Equals(true, { message: messages.consentRequired })
  consent: boolean;

  @IsString({ message: messages.turnstileRequired })
  @MinLength(1, { message: messages.turnstileRequired })
  turnstileToken: string;

  /** Honeypot: hidden from people, filled in by bots. */
  @IsOptional()
  @IsString()
  website?: string;

  /** When the page loaded, in milliseconds since the epoch (a string or a number). */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value))
  @IsString()
  startedAt?: string;
}

export interface ContactAcceptedDto {
  message: string;
}
