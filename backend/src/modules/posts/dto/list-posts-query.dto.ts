import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IsListPage, IsListSearch } from '../../../core/validation/list-query.decorators.js';
import {
  limits,
  postSections,
  postStatuses,
  publishingMessages,
  type PostSection,
  type PostStatus,
} from '@northbeam/common';

/** Query of GET /api/posts: one page of the published blog. */
export class ListPostsQueryDto {
  @IsOptional()
  @IsIn(postSections, { message: 'Section must be labs or consulting' })
  section?: PostSection;

  @IsOptional()
  @IsString()
  @MaxLength(limits.searchMax, { message: `Search must be ${limits.searchMax} characters or less` })
  search?: string;

  /** A tag's slug: `/blog/tag/{tag}` lists the posts with that tag. */
  @IsOptional()
  @IsString({ message: 'Tag must be a slug' })
  @Matches(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'Tag must be a slug' })
  @MaxLength(100, { message: 'Tag must be a slug' })
  tag?: string;

  @IsListPage()
  page?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Page size must be a whole number' })
  @Min(1, { message: 'Page size must be between 1 and 50' })
  @Max(50, { message: 'Page size must be between 1 and 50' })
  pageSize?: number;
}

/** `?q=` of the staff posts list and its counts: a search of title and slug. */
export class AdminPostsSearchDto {
  @IsListSearch(limits.searchMax)
  q?: string;
}

/** Query of GET /api/admin/posts: one page of every post, newest first (docs/product.md#posts-in-the-back-office). */
export class ListAdminPostsQueryDto extends AdminPostsSearchDto {
  @IsOptional()
  @IsIn(postSections, { message: 'Section must be labs or consulting' })
  section?: PostSection;

  @IsOptional()
  @IsIn(postStatuses, { message: publishingMessages.statusInvalid })
  status?: PostStatus;

  @IsListPage()
  page?: number;
}
