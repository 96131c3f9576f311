import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { leadLimits } from '@northbeam/common';
import { IsRequiredEmail } from '../../../core/validation/is-required-email.js';
import type { PlaybookDownloadEntity } from '../entities/playbook-download.entity.js';

/** POST /api/playbook-download. */
export class CreatePlaybookDownloadDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsRequiredEmail()
  email: string;

  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined,
  )
  @IsOptional()
  @IsString()
  @MaxLength(leadLimits.pageMax)
  page?: string;
}

export interface PlaybookDownloadCreatedDto {
  message: string;
  downloadUrl: string;
}

/** One row of the admin dashboard's list. */
export interface PlaybookDownloadDto {
  id: string;
  email: string;
  page: string | null;
  createdAt: string;
}

export function mapPlaybookDownload(entity: PlaybookDownloadEntity): PlaybookDownloadDto {
  return { id: entity.id, email: entity.email, page: entity.page, createdAt: entity.createdAt.toISOString() };
}
