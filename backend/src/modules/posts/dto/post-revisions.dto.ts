import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { limits, postSections, type PostSection } from '@northbeam/common';
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
  @MaxChars(limits.postTitleMax * 2, { message: tooLongToKeep('Title', limits.postTitleMax * 2) })
  title?: string;

  @IsOptional()
  @IsString()
  @MaxChars(limits.postSlugMax * 2, { message: tooLongToKeep('Slug', limits.postSlugMax * 2) })
  slug?: string;

  @MultiLine()
  @IsOptional()
  @IsString()
  @MaxChars(limits.postExcerptMax * 2, { message: tooLongToKeep('Excerpt', limits.postExcerptMax * 2) })
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
  @MaxLength(100)
  authorId?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  authorName?: string | null;

  @IsOptional()
  @IsString()
  @MaxChars(limits.authorCredentialsMax * 2, { message: tooLongToKeep('Credentials', limits.authorCredentialsMax * 2) })
  authorCredentials?: string | null;

  @MultiLine()
  @IsOptional()
  @IsString()
  @MaxChars(limits.authorBioMax * 2, { message: tooLongToKeep('Bio', limits.authorBioMax * 2) })
  authorBio?: string | null;

  @IsOptional()
  @IsArray({ message: 'Tags must be a list of words' })
  @ArrayMaxSize(100, { message: 'At most 100 tags' })
  @IsString({ each: true, message: 'Tags must be a list of words' })
  @MaxLength(60, { each: true, message: 'Each tag must be 60 characters or less' })
  tags?: string[];

  @IsOptional()
  @IsString()
  @MaxChars(limits.metaDescriptionMax * 2, {
    message: tooLongToKeep('Meta description', limits.metaDescriptionMax * 2),
  })
  metaDescription?: string | null;

  @MultiLine()
  @IsOptional()
  @IsString()
  @MaxLength(5000, { message: 'Custom meta tags must be 5000 characters or less' })
  customMetaTags?: string | null;
}
