import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { mediaLimits, mediaMessages } from '@northbeam/common';
import { IsListPage } from '../../../core/validation/list-query.decorators.js';
import { MaxChars } from '../../../core/validation/max-chars.decorator.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Query of GET /api/admin/media: a page, and a search over file name and alt text. */
export class ListMediaQueryDto {
  @IsListPage()
  page?: number;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(mediaLimits.searchMax, { message: mediaMessages.searchTooLong })
  q?: string;
}

/** The alt text of an image: required, one line. */
export class MediaAltDto {
  @Transform(trim)
  @MaxChars(mediaLimits.altMax, { message: mediaMessages.altTooLong })
  @IsString({ message: mediaMessages.altRequired })
  @IsNotEmpty({ message: mediaMessages.altRequired })
  alt: string;
}

/** The text fields of POST /api/admin/media (multipart: the image in `file`, its alt text in `alt`). */
export class UploadMediaDto extends MediaAltDto {}

/** Body of PATCH /api/admin/media/:id. */
export class UpdateMediaDto extends MediaAltDto {}
