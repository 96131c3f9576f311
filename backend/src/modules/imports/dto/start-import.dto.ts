import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { importMessages } from '@northbeam/common';

/**
 * The fields of `POST /api/admin/imports` beside the file (multipart): `dryRun=true` answers the
 * preview and writes nothing; `sections` is the category → section mapping as JSON
 * (`{"Labs":"labs","News":"consulting"}`), categories not named taking their default section.
 */
export class StartImportDto {
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'dryRun must be true or false' })
  dryRun?: string;

  @IsOptional()
  @IsString({ message: importMessages.mappingInvalid })
  @MaxLength(64 * 1024, { message: importMessages.mappingInvalid })
  sections?: string;
}
