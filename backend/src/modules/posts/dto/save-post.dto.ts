import { Transform } from 'class-transformer';
import {
  IsArray,
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { AllowedMetaTags } from '../../../core/validation/allowed-meta-tags.decorator.js';
import { MaxChars } from '../../../core/validation/max-chars.decorator.js';
import {
  postLimits,
  postMessages,
  mediaMessages,
  messages,
  postSections,
  postStatuses,
  publishingMessages,
  type PostSection,
  type PostStatus,
} from '@northbeam/common';
import { MultiLine } from '../../../core/validation/multi-line.decorator.js';
import { Trim } from '../../../core/validation/trim.js';

/** Optional texts: blank means absent. */
const blankToNull = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** Create and update body of POST/PUT /api/admin/posts (docs/product.md#posts). wordCount and readingTime are ignored. */
export class SavePostDto {
  @Trim()
  @MaxChars(postLimits.titleMax, { message: messages.titleTooLong })
  @IsString({ message: messages.titleRequired })
  @IsNotEmpty({ message: messages.titleRequired })
  title: string;

  @Trim()
  @MaxChars(postLimits.slugMax, { message: messages.slugTooLong })
  // Empty is left to the "required" rule.
  @Matches(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, { message: messages.slugInvalid })
  @IsString({ message: messages.slugRequired })
  @IsNotEmpty({ message: messages.slugRequired })
  slug: string;

  @MultiLine()
  @Trim()
  @MaxChars(postLimits.excerptMax, { message: messages.excerptTooLong })
  @IsString({ message: messages.excerptRequired })
  @IsNotEmpty({ message: messages.excerptRequired })
  excerpt: string;

  @MultiLine()
  @Matches(/\S/, { message: messages.bodyRequired })
  @IsString({ message: messages.bodyRequired })
  @IsNotEmpty({ message: messages.bodyRequired })
  body: string;

  @IsIn(postSections, { message: messages.sectionRequired })
  section: PostSection;

  @IsOptional()
  @IsIn(postStatuses, { message: publishingMessages.statusInvalid })
  status?: PostStatus;

  /** When a scheduled post goes live (ISO 8601): required with status scheduled, ignored otherwise (docs/product.md#publishing). */
  @Transform(blankToNull)
  @IsOptional()
  @IsISO8601({ strict: true }, { message: publishingMessages.publishAtInvalid })
  publishAt?: string | null;

  @Transform(blankToNull)
  @IsOptional()
  @IsString()
  @MaxLength(postLimits.authorIdMax)
  authorId?: string | null;

  @Transform(blankToNull)
  @IsOptional()
  @IsString()
  @MaxLength(postLimits.authorNameMax)
  authorName?: string | null;

  @Transform(blankToNull)
  @IsOptional()
  @IsString({ message: messages.credentialsTooLong })
  @MaxChars(postLimits.authorCredentialsMax, { message: messages.credentialsTooLong })
  authorCredentials?: string | null;

  @MultiLine()
  @Transform(blankToNull)
  @IsOptional()
  @IsString({ message: messages.bioTooLong })
  @MaxChars(postLimits.authorBioMax, { message: messages.bioTooLong })
  authorBio?: string | null;

  @IsOptional()
  @IsArray({ message: 'Tags must be a list of words' })
  @IsString({ each: true, message: 'Tags must be a list of words' })
  @MaxLength(postLimits.tagMax, { each: true, message: postMessages.tagTooLong })
  tags?: string[];

  @Transform(blankToNull)
  @IsOptional()
  @IsString({ message: messages.metaDescriptionTooLong })
  @MaxChars(postLimits.metaDescriptionMax, { message: messages.metaDescriptionTooLong })
  metaDescription?: string | null;

  @MultiLine()
  @Transform(blankToNull)
  @IsOptional()
  @IsString()
  @MaxLength(postLimits.customMetaTagsMax, { message: postMessages.customMetaTagsTooLong })
  @AllowedMetaTags()
  customMetaTags?: string | null;

  /** A media library image (docs/product.md#media); null or absent: no feature image. */
  @ValidateIf((_object, value) => value !== undefined && value !== null)
  @IsUUID('all', { message: mediaMessages.featureImageInvalid })
  featureImageId?: string | null;
}
