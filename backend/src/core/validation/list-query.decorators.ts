import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { limits, staffMessages } from '@northbeam/common';
import { Trim } from './trim.js';

/** `?page=` of every paginated list: optional, a whole number from 1 to the largest page a list accepts. */
export function IsListPage(): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    Type(() => Number),
    IsInt({ message: 'Page must be a whole number' }),
    Min(1, { message: 'Page must be 1 or more' }),
    Max(limits.listPageMax, { message: `Page must be ${limits.listPageMax} or less` }),
  );
}

const isoDay = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** `?from=` / `?to=` of a list filtered by date: optional, a calendar day as YYYY-MM-DD. */
export function IsIsoDay(): PropertyDecorator {
  return applyDecorators(IsOptional(), Matches(isoDay, { message: staffMessages.dateInvalid }));
}

/** `?q=` of a searchable list: optional, trimmed, at most `max` characters (else 400 with `message`). */
export function IsListSearch(max: number, message = `Search must be ${max} characters or less`): PropertyDecorator {
  return applyDecorators(IsOptional(), Trim(), IsString({ message }), MaxLength(max, { message }));
}

/** The query of a paginated list that takes nothing but `?page=`. */
export class PageQueryDto {
  @IsListPage()
  page?: number;
}
