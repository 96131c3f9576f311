import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { postLimits, postMessages, postSections, type PostSection } from '@northbeam/common';
import { IsListPage } from '../../../core/validation/list-query.decorators.js';
import { MaxChars } from '../../../core/validation/max-chars.decorator.js';
import { MultiLine } from '../../../core/validation/multi-line.decorator.js';

/** Query of GET /api/admin/posts/{id}/revisions. */
export class ListRevisionsQueryDto {
  @IsListPage()
  page?: number;
}

/**
 * Body of PUT /api/admin/posts/{id}/autosave: the editor's fields as they stand, maybe unfinished
 * (an empty title, a slug being typed), so none is required and only sizes are checked: a post's
 * rules apply when it is saved (docs/product.md#revisions). The lines of each field follow SavePostDto.
 */
/** An autosave keeps up to twice a field's limit (a draft being written may run over it for a while). */
function tooLongToKeep(field: string, max: number): string {
  return `${field} must be ${max} characters or less to be autosaved`;
}

export class AutosavePostDto {
  @IsOptional()
  @IsString()
  @MaxChars(postLimits.titleMax * 2, { message: tooLongToKeep('Title', postLimits.titleMax * 2) })
  title?: string;

  @IsOptional()
  @IsString()
  @MaxChars(postLimits.slugMax * 2, { message: tooLongToKeep('Slug', postLimits.slugMax * 2) })
  slug?: string;

  @MultiLine()
  @IsOptional()
  @IsString()
  @MaxChars(postLimits.excerptMax * 2, { message: tooLongToKeep('Excerpt', postLimits.excerptMax * 2) })
  excerpt?: string;

  @MultiLine()
  @IsOptional()
  @IsString()
  body?: string;

  @IsOptional()
  @IsIn([...postSections, ''], { message: 'Section must be labs or consulting' })
  section?: PostSection | '';

  @IsOptional()
  @IsString()
  @MaxLength(postLimits.authorIdMax)
  authorId?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(postLimits.authorNameMax)
  authorName?: string | null;

  @IsOptional()
  @IsString()
  @MaxChars(postLimits.authorCredentialsMax * 2, {
    message: tooLongToKeep('Credentials', postLimits.authorCredentialsMax * 2),
  })
  authorCredentials?: string | null;

  @MultiLine()
  @IsOptional()
  @IsString()
  @MaxChars(postLimits.authorBioMax * 2, { message: tooLongToKeep('Bio', postLimits.authorBioMax * 2) })
  authorBio?: string | null;

  @IsOptional()
  @IsArray({ message: 'Tags must be a list of words' })
  @ArrayMaxSize(postLimits.tagsMax, { message: `At most ${postLimits.tagsMax} tags` })
  @IsString({ each: true, message: 'Tags must be a list of words' })
  @MaxLength(postLimits.tagMax, { each: true, message: postMessages.tagTooLong })
  tags?: string[];

  @IsOptional()
  @IsString()
  @MaxChars(postLimits.metaDescriptionMax * 2, {
    message: tooLongToKeep('Meta description', postLimits.metaDescriptionMax * 2),
  })
  metaDescription?: string | null;

  @MultiLine()
  @IsOptional()
  @IsString()
  @MaxLength(postLimits.customMetaTagsMax, { message: postMessages.customMetaTagsTooLong })
  customMetaTags?: string | null;
}
