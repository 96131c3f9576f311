import { IsNotEmpty, IsString } from 'class-validator';
import { mediaLimits, mediaMessages, type MediaImage, type MediaItem } from '@northbeam/common';
import { IsListPage, IsListSearch } from '../../../core/validation/list-query.decorators.js';
import { MaxChars } from '../../../core/validation/max-chars.decorator.js';
import { Trim } from '../../../core/validation/trim.js';
import type { MediaEntity } from '../entities/media.entity.js';

/** Query of GET /api/admin/media: a page, and a search over file name and alt text. */
export class ListMediaQueryDto {
  @IsListPage()
  page?: number;

  @IsListSearch(mediaLimits.searchMax, mediaMessages.searchTooLong)
  q?: string;
}

/** The alt text of an image: required, one line. */
export class MediaAltDto {
  @Trim()
  @MaxChars(mediaLimits.altMax, { message: mediaMessages.altTooLong })
  @IsString({ message: mediaMessages.altRequired })
  @IsNotEmpty({ message: mediaMessages.altRequired })
  alt: string;
}

/** The text fields of POST /api/admin/media (multipart: the image in `file`, its alt text in `alt`). */
export class UploadMediaDto extends MediaAltDto {}

/** Body of PATCH /api/admin/media/:id. */
export class UpdateMediaDto extends MediaAltDto {}

/** A stored image as a page shows it (no bytes, no file details). */
export function mapMediaImage(media: MediaEntity): MediaImage {
  return { id: media.id, alt: media.alt, width: media.width, height: media.height, format: media.format };
}

/** A stored image as the media library lists it. */
export function mapMediaItem(media: MediaEntity): MediaItem {
  return {
    ...mapMediaImage(media),
    filename: media.filename,
    size: media.size,
    uploadedBy: media.uploadedByName,
    createdAt: media.createdAt.toISOString(),
    updatedAt: media.updatedAt.toISOString(),
  };
}
