import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import {
  expertiseTag,
  isTeamAvatarAddress,
  normaliseMediaAddress,
  messages,
  teamLimits,
  teamMessages,
  type TeamMemberFields,
} from '@northbeam/common';
import { IsAddress } from '../../../core/validation/is-address.decorator.js';
import { IsListPage } from '../../../core/validation/list-query.decorators.js';
import { MaxChars } from '../../../core/validation/max-chars.decorator.js';
import { MultiLine } from '../../../core/validation/multi-line.decorator.js';
import { Trim } from '../../../core/validation/trim.js';

const says = teamMessages;

/** Tags written as `#Tag` (a leading `#` added, spaces dropped), blank ones removed, duplicates kept once. */
const normalisedTags = ({ value }: { value: unknown }) => {
  if (!Array.isArray(value)) return value;
  const tags = value.map((item: unknown) => (typeof item === 'string' ? expertiseTag(item) : item));
  return [...new Set(tags.filter((item) => item !== ''))];
};

/** Every field of a team member: the body of POST and PUT /api/admin/team. */
export class TeamMemberFieldsDto implements TeamMemberFields {
  @Trim()
  @MaxChars(teamLimits.nameMax, { message: says.nameTooLong })
  @IsString({ message: says.nameRequired })
  @IsNotEmpty({ message: says.nameRequired })
  name: string;

  @Trim()
  @MaxChars(teamLimits.slugMax, { message: says.slugTooLong })
  @Matches(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, { message: messages.slugInvalid })
  @IsString({ message: says.slugRequired })
  @IsNotEmpty({ message: says.slugRequired })
  slug: string;

  @Trim()
  @MaxChars(teamLimits.roleMax, { message: says.roleTooLong })
  @IsString({ message: says.roleRequired })
  @IsNotEmpty({ message: says.roleRequired })
  role: string;

  /** Blank means "the same as the role". */
  @Trim()
  @MaxChars(teamLimits.roleMax, { message: says.stripRoleTooLong })
  @IsString({ message: says.stripRoleTooLong })
  stripRole: string;

  @Trim()
  @MaxChars(teamLimits.bioMax, { message: says.bioTooLong })
  @IsString({ message: says.bioRequired })
  @IsNotEmpty({ message: says.bioRequired })
  bio: string;

  @MultiLine()
  @MaxChars(teamLimits.fullBioMax, { message: says.fullBioTooLong })
  @IsString({ message: says.fullBioTooLong })
  fullBio: string;

  @Trim()
  @ValidateIf((_object, value) => value !== '')
  @Matches(/^https:\/\/\S+$/, { message: says.linkedinInvalid })
  @MaxChars(teamLimits.linkedinMax, { message: says.linkedinInvalid })
  @IsString({ message: says.linkedinInvalid })
  linkedin: string;

  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? normaliseMediaAddress(value.trim()) || null : value,
  )
  @IsOptional()
  @IsAddress(isTeamAvatarAddress, { message: says.avatarInvalid })
  @MaxChars(teamLimits.avatarMax, { message: says.avatarInvalid })
  @IsString({ message: says.avatarInvalid })
  avatar: string | null;

  @Transform(normalisedTags)
  @IsArray({ message: says.expertiseInvalid })
  @ArrayMaxSize(teamLimits.expertiseMax, { message: says.expertiseInvalid })
  @IsString({ each: true, message: says.expertiseInvalid })
  @MaxLength(teamLimits.expertiseTagMax + 1, { each: true, message: says.expertiseInvalid })
  expertise: string[];

  @IsBoolean({ message: says.flagInvalid })
  inStrip: boolean;

  @IsBoolean({ message: says.flagInvalid })
  hidden: boolean;
}

/** Body of PUT /api/admin/team/order: every member's id, in the new order. */
export class TeamOrderDto {
  @IsArray({ message: says.orderInvalid })
  @ArrayMaxSize(500, { message: says.orderInvalid })
  @IsString({ each: true, message: says.orderInvalid })
  ids: string[];
}

/** Query of GET /api/admin/team. */
export class ListTeamQueryDto {
  @IsListPage()
  page?: number;
}
