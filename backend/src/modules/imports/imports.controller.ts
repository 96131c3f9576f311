import { Body, Controller, Get, HttpStatus, Param, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  importLimits,
  importMessages,
  type ImportJob,
  type ImportPreview,
  type ImportStarted,
  type StaffUser,
} from '@northbeam/common';
import { UploadRefusals } from '../../core/http/upload-refusals.js';
import { Access } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { StartImportDto } from './dto/start-import.dto.js';
import { ImportsService, type UploadedExport } from './imports.service.js';

/** The file and two short fields; a file over the cap is refused while it streams in (413). */
const uploadLimits = {
  fileSize: importLimits.fileMaxBytes,
  files: 1,
  fields: 4,
  fieldSize: 64 * 1024,
  parts: 6,
};

/** Imports of a WordPress or Ghost site (docs/import.md): admins and super admins. */
@Controller('admin/imports')
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  /** Multipart: the export in `file`; `dryRun=true` answers the preview (200) and writes nothing, else the job starts (202). */
  @Post()
  @Access('imports', 'all')
  @UseInterceptors(UploadRefusals(importMessages.tooLarge), FileInterceptor('file', { limits: uploadLimits }))
  async start(
    @UploadedFile() file: UploadedExport | undefined,
    @Body() body: StartImportDto,
    @CurrentUser() user: StaffUser,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ImportPreview | ImportStarted> {
    const answer = await this.imports.start(file, body, user);
    response.status('dryRun' in answer ? HttpStatus.OK : HttpStatus.ACCEPTED);
    return answer;
  }

  @Get(':id')
  @Access('imports', 'all')
  job(@Param('id') id: string): Promise<ImportJob> {
    return this.imports.job(id);
  }
}
