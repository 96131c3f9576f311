import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { limits, messages, postSections, postStatuses, type PostSection, type PostStatus } from '@northbeam/common';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Optional texts: blank means absent. */
const blankToNull = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Create and update body of POST/PUT /api/admin/posts (spec §5). wordCount and readingTime are ignored. */
export class SavePostDto {
  @Transform(trimmed)
  @IsString({ message: messages.titleRequired })
  @IsNotEmpty({ message: messages.titleRequired })
  @MaxLength(limits.postTitleMax, { message: messages.titleTooLong })
  title: string;

  @Transform(trimmed)
  @IsString({ message: messages.slugRequired })
  @IsNotEmpty({ message: messages.slugRequired })
  @MaxLength(limits.postSlugMax, { message: messages.slugTooLong })
  slug: string;

  @Transform(trimmed)
  @IsString({ message: messages.excerptRequired })
  @IsNotEmpty({ message: messages.excerptRequired })
  @MaxLength(limits.postExcerptMax, { message: messages.excerptTooLong })
  excerpt: string;

  @IsString({ message: messages.bodyRequired })
  @IsNotEmpty({ message: messages.bodyRequired })
  body: string;

  @IsIn(postSections, { message: messages.sectionRequired })
  section: PostSection;

  @IsOptional()
  @IsIn(postStatuses, { message: 'Status must be draft or published' })
  status?: PostStatus;

  @Transform(blankToNull)
  @IsOptional()
  @IsString()
  @MaxLength(100)
  authorId?: string | null;

  @Transform(blankToNull)
  @IsOptional()
  @IsString()
  @MaxLength(200)
  authorName?: string | null;

  @Transform(blankToNull)
  @IsOptional()
  @IsString({ message: messages.credentialsTooLong })
  @MaxLength(limits.authorCredentialsMax, { message: messages.credentialsTooLong })
  authorCredentials?: string | null;

  @Transform(blankToNull)
  @IsOptional()
  @IsString({ message: messages.bioTooLong })
  @MaxLength(limits.authorBioMax, { message: messages.bioTooLong })
  authorBio?: string | null;

  @IsOptional()
  @IsArray({ message: 'Tags must be a list of words' })
  @IsString({ each: true, message: 'Tags must be a list of words' })
  @MaxLength(60, { each: true, message: 'Each tag must be 60 characters or less' })
  tags?: string[];

  @Transform(blankToNull)
  @IsOptional()
  @IsString({ message: messages.metaDescriptionTooLong })
  @MaxLength(limits.metaDescriptionMax, { message: messages.metaDescriptionTooLong })
  metaDescription?: string | null;

  @Transform(blankToNull)
  @IsOptional()
  @IsString()
  @MaxLength(5000, { message: 'Custom meta tags must be 5000 characters or less' })
  customMetaTags?: string | null;
}
